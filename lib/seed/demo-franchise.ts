import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  blogDetails,
  blogs,
  daycareCareerRequestReferences,
  daycareCareerRequests,
  franchiseeCareerRequests,
  franchiseeKycDocuments,
  franchisees,
  kycDocumentTypes,
  masterFranchisees,
  masterFranchiseeZones,
  petTrainerCareerRequests,
  petWalkieCareerRequests,
  plans,
  userKycDocuments,
  users,
  valueLists,
  values,
} from "@/db/schema";
import type { Executor } from "@/lib/platform/db";

/** KYC document types of every demo company: [code, description, applies_to (1 franchisee, 2 staff), requires expiry]. */
const KYC_TYPES: [code: string, description: string, appliesTo: 1 | 2, expiry: 0 | 1][] = [
  ["PAN", "PAN CARD", 1, 0],
  ["GST", "GST CERTIFICATE", 1, 0],
  ["SHOP", "SHOP AND ESTABLISHMENT LICENCE", 1, 1],
  ["AADHAAR", "AADHAAR CARD", 2, 0],
  ["POLICE", "POLICE VERIFICATION", 2, 1],
];

const AREAS = [
  // name suffix → zone, coordinates, address
  ["Andheri", "WEST", 19.1136, 72.8697, "Shop 4, Lokhandwala Complex, Andheri West"],
  ["Bandra", "WEST", 19.0596, 72.8295, "12 Hill Road, Bandra West"],
  ["Powai", "NORTH", 19.1176, 72.906, "Hiranandani Gardens, Powai"],
] as const;

/** Rows of a company's master value by description ("ZONES", "PLAN TIERS"). */
export async function masterIds(db: Executor, companyId: number, name: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: valueLists.id, description: valueLists.description })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(and(eq(values.company_id, companyId), eq(values.name, name), isNull(valueLists.deleted_at)))
    .orderBy(asc(valueLists.id));
  return new Map(rows.map((r) => [r.description, r.id]));
}

/**
 * The franchise network of one demo company (after its users and masters): franchisees completed and approved with
 * zones and working hours, KYC document types with each franchisee's and staff member's pending documents to submit,
 * the master franchisee's zones, career applications of every kind, plans and blogs.
 */
export async function seedDemoFranchise(
  db: Executor,
  companyId: number,
  opts: { masterEmail?: string; masterZones?: string[] },
): Promise<void> {
  const zones = await masterIds(db, companyId, "ZONES");
  const tiers = await masterIds(db, companyId, "PLAN TIERS");
  const fr = await db
    .select({ id: franchisees.id, name: franchisees.name })
    .from(franchisees)
    .where(eq(franchisees.company_id, companyId))
    .orderBy(asc(franchisees.id));
  for (const [i, f] of fr.entries()) {
    const [area, zone, lat, lng, address] = AREAS[i % AREAS.length];
    const slug = f.name.toLowerCase().replace(/[^a-z]+/g, "");
    await db
      .update(franchisees)
      .set({
        email: `${slug}@franchise.test`,
        phone: `+91 98200 2${String(companyId).padStart(2, "0")}${i}0`,
        address: `${address}, Mumbai`,
        description: `Dog walking, training and daycare in ${area}.`,
        latitude: lat,
        longitude: lng,
        zone_id: zones.get(zone) ?? null,
        start_time: "07:00",
        end_time: "20:30",
        status: 1,
      })
      .where(eq(franchisees.id, f.id));
  }

  const types = await db
    .insert(kycDocumentTypes)
    .values(
      KYC_TYPES.map(([code, description, applies_to, requires_expiry]) => ({
        company_id: companyId,
        code,
        description,
        applies_to,
        requires_expiry,
      })),
    )
    .returning({
      id: kycDocumentTypes.id,
      description: kycDocumentTypes.description,
      applies_to: kycDocumentTypes.applies_to,
    });
  const frTypes = types.filter((t) => t.applies_to === 1);
  const staffTypes = types.filter((t) => t.applies_to === 2);
  // Every franchisee has its documents to submit (no file yet: the franchisee admin's "Submit Document").
  if (fr.length)
    await db.insert(franchiseeKycDocuments).values(
      fr.flatMap((f) =>
        frTypes.map((t) => ({
          company_id: companyId,
          franchisee_id: f.id,
          document_type_id: t.id,
          document_name: t.description,
        })),
      ),
    );
  const staff = await db
    .select({ id: users.id, franchisee_id: users.franchisee_id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        inArray(users.franchisee_id, fr.length ? fr.map((f) => f.id) : [-1]),
      ),
    )
    .orderBy(asc(users.id))
    .limit(6);
  if (staff.length)
    await db.insert(userKycDocuments).values(
      staff.flatMap((u) =>
        staffTypes.map((t) => ({
          company_id: companyId,
          user_id: u.id,
          franchisee_id: u.franchisee_id,
          document_type_id: t.id,
          document_name: t.description,
        })),
      ),
    );

  if (opts.masterEmail) {
    const [m] = await db.select({ id: users.id }).from(users).where(eq(users.email, opts.masterEmail));
    if (m) {
      const [mf] = await db
        .insert(masterFranchisees)
        .values({ company_id: companyId, user_id: m.id })
        .returning({ id: masterFranchisees.id });
      const ids = (opts.masterZones ?? []).map((z) => zones.get(z)).filter((z): z is number => z != null);
      if (ids.length)
        await db
          .insert(masterFranchiseeZones)
          .values(ids.map((zone_id) => ({ master_franchisee_id: mf.id, zone_id })));
    }
  }

  const c = (n: number) => ({
    company_id: companyId,
    status: n % 3 === 2 ? 2 : n % 3,
    rejection_reason: n % 3 === 2 ? "Not serving this area yet." : null,
  });
  await db.insert(petWalkieCareerRequests).values(
    [
      ["Rohan Verma", 24, "Andheri West", "400053", "Morning (6-9 AM)", 1],
      ["Sneha Pillai", 21, "Bandra West", "400050", "Evening (5-8 PM)", 0],
      ["Aditya Kulkarni", 29, "Powai", "400076", "Morning (6-9 AM)", 1],
      ["Farah Khan", 26, "Juhu", "400049", "Afternoon (12-3 PM)", 0],
    ].map(([user_name, age, area, pin_code, preferred_timeslot, exp], i) => ({
      ...c(i),
      status: i === 3 ? 0 : c(i).status,
      user_name: user_name as string,
      age: age as number,
      phone_no: `+91 9${String(870000000 + companyId * 100 + i)}`,
      whatsapp_no: `+91 9${String(870000000 + companyId * 100 + i)}`,
      area: area as string,
      pin_code: pin_code as string,
      preferred_timeslot: preferred_timeslot as string,
      is_experienced: exp as number,
      has_internet_access: 1,
    })),
  );
  await db.insert(petTrainerCareerRequests).values(
    [
      [
        "Kavya Nair",
        "1994-03-12",
        1,
        "Labradors and beagles, obedience and leash training",
        "English, Hindi",
        "Malayalam",
      ],
      ["Manish Gupta", "1988-11-02", 0, "Guard dogs and working breeds, agility", "Hindi, Marathi", null],
    ].map(([user_name, dob, gender, exp, langs, other], i) => ({
      company_id: companyId,
      status: 0,
      user_name: user_name as string,
      dob: dob as string,
      age: 2026 - Number(String(dob).slice(0, 4)),
      phone_no: `+91 9${String(860000000 + companyId * 100 + i)}`,
      email: `${String(user_name).toLowerCase().replace(/\s/g, ".")}@mail.test`,
      gender: gender as number,
      address: "Flat 7, Sea View Society",
      area: "Bandra West",
      pin_code: "400050",
      preferred_timeslot: "Weekends",
      experience_description: `Five years of training: ${exp}.`,
      trained_animal_type: "Dogs",
      trained_animal_description: exp as string,
      language_spoken: langs as string,
      other_language_spoken: other as string | null,
      available_on: "Saturday, Sunday",
      is_comfortable_outdoor: 1,
      is_experienced: 1,
      has_internet_access: 1,
    })),
  );
  await db.insert(franchiseeCareerRequests).values(
    [
      [
        "Rahul Desai",
        "Thane",
        "400601",
        "NORTH",
        0,
        "Runs a pet supplies store in Thane West for six years.",
      ],
      ["Ayesha Shaikh", "Navi Mumbai", "400703", "EAST", 1, "A grooming salon partnership in Vashi."],
      [
        "Suresh Iyer",
        "Mumbai",
        "400058",
        "WEST",
        0,
        "A software engineer who wants to start a pet-care business.",
      ],
    ].map(([full_name, city, pin_code, zone, applying_as, business], i) => ({
      company_id: companyId,
      status: 0,
      full_name: full_name as string,
      age: 35 + i * 4,
      phone_no: `+91 9${String(850000000 + companyId * 100 + i)}`,
      email: `${String(full_name).toLowerCase().replace(/\s/g, ".")}@mail.test`,
      address: `${10 + i} Station Road`,
      city: city as string,
      pin_code: pin_code as string,
      gender: i === 1 ? 0 : 1,
      zone_id: zones.get(zone as string) ?? null,
      applying_as: applying_as as number,
      currently_operate_business: i < 2 ? 1 : 0,
      business_description: business as string,
      is_experienced_pet_industry: i < 2 ? 1 : 0,
      proposed_franchisee_location: `${city} ${pin_code}`,
      preferred_work_type: 0,
      support_interest: "Marketing, training of walkers",
      heard_from: "Instagram",
    })),
  );
  const [dc] = await db
    .insert(daycareCareerRequests)
    .values({
      company_id: companyId,
      status: 0,
      full_name: "Pooja Menon",
      date_of_birth: "1997-07-21",
      phone_no: `+91 9${String(840000000 + companyId * 100)}`,
      email: "pooja.menon@mail.test",
      address: "B-203 Green Park, Malad East",
      pin_code: "400097",
      gender: 0,
      preferred_work_type: 1,
      available_on: "Monday to Friday",
      preferred_timeslot: "Day (9 AM-6 PM)",
      open_to_pickup_drop: 1,
      is_experienced: 1,
      experience_description: "Two years at a boarding kennel.",
      is_experienced_day_care: 1,
      experienced_day_care_description: "Ran the daytime group of twelve dogs.",
      is_commfortable_with_sizes: 1,
      commfortable_description: "Small to giant breeds.",
      additional_description: "Pet first-aid certificate.",
    })
    .returning({ id: daycareCareerRequests.id });
  await db.insert(daycareCareerRequestReferences).values([
    {
      daycare_career_request_id: dc.id,
      full_name: "Dr. Anil Rao",
      relation: "Former employer",
      contact: "+91 98200 55501",
    },
    {
      daycare_career_request_id: dc.id,
      full_name: "Lata Menon",
      relation: "Neighbour",
      contact: "+91 98200 55502",
    },
  ]);

  // Plans: amounts as the pricing rules give them (spec 002 §5; lib/franchise/plan-pricing.ts computes the same).
  const basic = tiers.get("BASIC") ?? null;
  const premium = tiers.get("PREMIUM") ?? null;
  await db.insert(plans).values([
    {
      company_id: companyId,
      no_of_dogs: 1,
      no_of_walks: 1,
      tier_id: basic,
      original_amount: 6000,
      price_percent: 90,
      discount_percent: 10,
      calculated_final_amount: 5400,
      final_amount: 5400,
      per_walk_time: 30,
      days: 30,
      customer_per_day_charges: 180,
      walkie_percent: 50,
      walkie_commission_amount: 2700,
      franchisee_percent: 30,
      franchisee_commission_amount: 1620,
      company_percent: 20,
      company_commission_amount: 1080,
      is_basic_plan: 1,
    },
    {
      company_id: companyId,
      no_of_dogs: 2,
      no_of_walks: 2,
      tier_id: premium,
      original_amount: 10000,
      price_percent: 100,
      discount_percent: 0,
      calculated_final_amount: 10000,
      second_discount_percent: 40,
      second_discount_amount: 6000,
      final_amount: 16000,
      per_walk_time: 45,
      days: 30,
      customer_per_day_charges: 534,
      walkie_percent: 50,
      walkie_commission_amount: 8000,
      franchisee_percent: 25,
      franchisee_commission_amount: 4000,
      company_percent: 25,
      company_commission_amount: 4000,
      is_basic_plan: 0,
    },
  ]);

  const [blog] = await db
    .insert(blogs)
    .values({
      company_id: companyId,
      title: "Five signs your dog needs a longer walk",
      description:
        "<p>Restless evenings, chewed shoes and <strong>pulling on the leash</strong> often mean a dog has energy to spare.</p>",
    })
    .returning({ id: blogs.id });
  await db.insert(blogDetails).values([
    { company_id: companyId, blog_id: blog.id, description: "<p>1. Zoomies after dinner.</p>" },
    {
      company_id: companyId,
      blog_id: blog.id,
      description: "<p>2. Chewing what it never chewed before.</p>",
    },
  ]);
  await db.insert(blogs).values({
    company_id: companyId,
    title: "Monsoon paw care",
    description: "<p>Dry between the toes after every walk in the rain.</p>",
  });
}
