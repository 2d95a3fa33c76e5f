import { sql } from "drizzle-orm";
import {
  companies,
  franchisees,
  notifications,
  positions,
  userCompanies,
  users,
  userTimestamps,
} from "@/db/schema";
import type { Executor } from "@/lib/platform/db";
import { hashPassword } from "@/lib/platform/passwords";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { seedDemoFranchise } from "./demo-franchise";
import { seedDemoJobs } from "./demo-jobs";
import { seedDemoPhotos } from "./demo-photos";
import { seedDemoOperations } from "./demo-operations";

/** The password of every demo login (README lists the logins). */
export const DEMO_PASSWORD = "Demo@1234";

export const DEMO_LOGINS = {
  [ROLE.SUPER_ADMIN]: "superadmin@petportal.test",
  [ROLE.ADMIN]: "admin@happypaws.test",
  [ROLE.BACKEND_ADMIN]: "backend@petportal.test",
  [ROLE.MASTER_FRANCHISEE]: "master@happypaws.test",
  [ROLE.FRANCHISEE_ADMIN]: "franchisee@happypaws.test",
} as const;

const FIRST = [
  "Aarav",
  "Diya",
  "Vihaan",
  "Ananya",
  "Ishaan",
  "Saanvi",
  "Kabir",
  "Myra",
  "Arjun",
  "Kiara",
  "Reyansh",
  "Anika",
];
const LAST = ["Sharma", "Patel", "Iyer", "Reddy", "Nair", "Gupta", "Mehta", "Das", "Kapoor", "Singh"];
const CITIES = [
  ["Mumbai", "Maharashtra", "400001"],
  ["Bengaluru", "Karnataka", "560001"],
  ["Pune", "Maharashtra", "411001"],
  ["Chennai", "Tamil Nadu", "600001"],
  ["Hyderabad", "Telangana", "500001"],
  ["Delhi", "Delhi", "110001"],
];

/** Demo data for a newcomer: two full companies with franchisees and users of every role, and more companies to page through. */
export async function seedDemo(db: Executor): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const [happy, wag] = await db
    .insert(companies)
    .values([
      {
        name: "Happy Paws Pvt Ltd",
        tag_line: "Walks, training and daycare your dog will love",
        email: "hello@happypaws.test",
        phone: "+91 98200 00001",
        admin_name: "Priya Sharma",
        address: "12 Marine Drive",
        city: "Mumbai",
        state: "Maharashtra",
        pincode: "400002",
        code: "HPW",
        whatsapp_no: "+91 98200 00001",
        is_location_tracking_enabled: 1,
        about_us: "<p>Happy Paws has walked Mumbai's dogs since 2019.</p>",
        terms: "<p>Walks are booked monthly and billed in advance.</p>",
      },
      {
        name: "Wag Nation LLP",
        tag_line: "Every dog deserves a walk",
        email: "team@wagnation.test",
        phone: "+91 80400 00002",
        admin_name: "Rahul Iyer",
        address: "45 Residency Road",
        city: "Bengaluru",
        state: "Karnataka",
        pincode: "560025",
        code: "WAG",
      },
    ])
    .returning({ id: companies.id });

  const more = Array.from({ length: 23 }, (_, i) => {
    const [city, state, pincode] = CITIES[i % CITIES.length];
    return {
      name: `${["Bark", "Tail", "Paw", "Fetch", "Woof"][i % 5]} ${["Buddies", "Club", "Care", "Co", "Crew"][(i * 3) % 5]} ${city} ${i + 1}`,
      email: `contact${i + 1}@petco${i + 1}.test`,
      phone: `+91 90000 ${String(10000 + i).slice(-5)}`,
      admin_name: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
      address: `${i + 10} Main Road`,
      city,
      state,
      pincode,
      is_active: i % 4 === 3 ? 0 : 1,
    };
  });
  await db.insert(companies).values(more);

  const perCompany = async (companyId: number, prefix: string, admin: string, people: number) => {
    const pos = await db
      .insert(positions)
      .values(Object.values(POSITION).map((name) => ({ company_id: companyId, name, role_id: 3 })))
      .returning({ id: positions.id, name: positions.name });
    const posId = (n: string) => pos.find((p) => p.name === n)!.id;
    const fr = await db
      .insert(franchisees)
      .values([
        { company_id: companyId, name: `${prefix} Andheri` },
        { company_id: companyId, name: `${prefix} Bandra` },
        { company_id: companyId, name: `${prefix} Powai` },
      ])
      .returning({ id: franchisees.id });
    const base = (first: string, last: string, email: string) => ({
      first_name: first,
      last_name: last,
      user_name: `${first} ${last}`,
      email,
      password_hash: hash,
      company_id: companyId,
    });
    await db
      .insert(users)
      .values([
        { ...base("Priya", "Admin", admin), role_id: ROLE_IDS[ROLE.ADMIN], phone: "+91 98200 10001" },
      ]);
    const rows = Array.from({ length: people }, (_, i) => {
      const first = FIRST[i % FIRST.length];
      const last = LAST[(i * 7) % LAST.length];
      const staff = i % 3 === 0;
      return {
        ...base(
          first,
          last,
          `${first}.${last}.${i + 1}@${prefix.toLowerCase().replace(/\s/g, "")}.test`.toLowerCase(),
        ),
        role_id: ROLE_IDS[ROLE.USER],
        position_id: staff ? posId(POSITION.FRANCHISEE_STAFF) : posId(POSITION.CUSTOMER),
        franchisee_id: staff ? fr[Math.floor(i / 3) % fr.length].id : null,
        phone: `+91 9${String(800000000 + companyId * 1000 + i)}`,
        employee_code: staff ? `EMP${companyId}${String(i).padStart(3, "0")}` : null,
        is_kyc_verified: i % 3,
        is_active: i % 9 === 8 ? 0 : 1,
      };
    });
    await db.insert(users).values(rows);
    return { posId, fr };
  };

  const h = await perCompany(happy.id, "Happy Paws", DEMO_LOGINS[ROLE.ADMIN], 36);
  await perCompany(wag.id, "Wag Nation", "admin@wagnation.test", 14);
  await seedDemoOperations(db, happy.id, "Maharashtra");
  await seedDemoOperations(db, wag.id, "Karnataka");

  await db.insert(users).values([
    {
      first_name: "Sanjay",
      last_name: "Rao",
      user_name: "Sanjay Rao",
      email: DEMO_LOGINS[ROLE.SUPER_ADMIN],
      password_hash: hash,
      role_id: ROLE_IDS[ROLE.SUPER_ADMIN],
    },
    {
      first_name: "Meera",
      last_name: "Joshi",
      user_name: "Meera Joshi",
      email: DEMO_LOGINS[ROLE.BACKEND_ADMIN],
      password_hash: hash,
      role_id: ROLE_IDS[ROLE.BACKEND_ADMIN],
    },
    {
      first_name: "Vikram",
      last_name: "Menon",
      user_name: "Vikram Menon",
      email: DEMO_LOGINS[ROLE.MASTER_FRANCHISEE],
      password_hash: hash,
      role_id: ROLE_IDS[ROLE.MASTER_FRANCHISEE],
      position_id: h.posId(POSITION.MASTER_FRANCHISEE),
      company_id: happy.id,
    },
    {
      first_name: "Neha",
      last_name: "Kulkarni",
      user_name: "Neha Kulkarni",
      email: DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN],
      password_hash: hash,
      role_id: ROLE_IDS[ROLE.FRANCHISEE_ADMIN],
      position_id: h.posId(POSITION.FRANCHISEE_ADMIN),
      franchisee_id: h.fr[0].id,
      company_id: happy.id,
    },
  ]);
  // The master franchisee also oversees Wag Nation: a user with two memberships.
  await db.execute(sql`insert into ${userCompanies} (user_id, company_id)
    select id, ${wag.id} from ${users} where email = ${DEMO_LOGINS[ROLE.MASTER_FRANCHISEE]}`);
  // The franchise network; the master franchisee oversees the WEST zone of both (Andheri and Bandra, not Powai).
  const masterEmail = DEMO_LOGINS[ROLE.MASTER_FRANCHISEE];
  await seedDemoFranchise(db, happy.id, { masterEmail, masterZones: ["WEST"] });
  await seedDemoFranchise(db, wag.id, { masterEmail, masterZones: ["WEST"] });
  await seedDemoJobs(db, happy.id, "Maharashtra");
  await seedDemoJobs(db, wag.id, "Karnataka");
  await seedDemoPhotos(db, happy.id);

  // A little history, so the audit screens and the bell are not empty on a first visit.
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${DEMO_LOGINS[ROLE.ADMIN]}`);
  const pages: [string, string, number][] = [
    ["/home", "Home", 42],
    ["/users", "Users", 315],
    ["/companies", "Companies", 96],
    ["/positions", "Positions", 1200],
    ["/notifications", "Notifications", 18],
  ];
  await db.insert(userTimestamps).values(
    pages.map(([from_path, from_name, timespent], i) => ({
      company_id: happy.id,
      user_id: admin.id,
      from_path,
      from_name,
      timespent,
      created_at: new Date(Date.now() - (pages.length - i) * 3_600_000),
    })),
  );
  await db.insert(notifications).values({
    company_id: happy.id,
    user_id: admin.id,
    title: "Welcome to the portal",
    body: "Your users, positions and bulk uploads are under Users and Settings.",
    link: "/users",
  });
}
