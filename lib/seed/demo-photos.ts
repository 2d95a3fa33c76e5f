import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { dailyJobPlanWalks, storedFiles, userPets } from "@/db/schema";
import { WALK_FILE_ENTITY } from "@/lib/jobs/walks";
import type { Executor } from "@/lib/platform/db";
import { getStorage } from "@/lib/platform/storage";

// Demo photos (issue 22): a newcomer's portal shows report cards with the walker's photos and pets with theirs at
// once. The pictures are drawn here (a park at a time of day, a dog), so the seed needs no image files and no fonts.

const SKIES = [
  ["#fde68a", "#fca5a5"], // morning
  ["#bae6fd", "#e0f2fe"], // midday
  ["#fdba74", "#c4b5fd"], // evening
  ["#a5f3fc", "#d9f99d"],
];
const COATS = ["#8b5a2b", "#f5deb3", "#d2a24c", "#3f3f46", "#c2410c", "#78716c"];

/** A 480x360 picture: sky, grass, a path and a dog of `coat`. */
function scene(sky: string[], coat: string, shift: number): string {
  const x = 150 + shift;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>
  <rect width="480" height="360" fill="url(#s)"/>
  <circle cx="${400 - shift}" cy="70" r="28" fill="#fef9c3"/>
  <rect y="230" width="480" height="130" fill="#65a30d"/>
  <path d="M0 330 C160 270 320 300 480 250 L480 290 C320 330 160 310 0 360 Z" fill="#d6d3d1"/>
  <circle cx="60" cy="200" r="40" fill="#3f6212"/><rect x="55" y="200" width="10" height="40" fill="#713f12"/>
  <ellipse cx="${x + 60}" cy="250" rx="62" ry="30" fill="${coat}"/>
  <circle cx="${x + 128}" cy="222" r="26" fill="${coat}"/>
  <ellipse cx="${x + 140}" cy="208" rx="9" ry="16" fill="#1c1917"/>
  <circle cx="${x + 136}" cy="218" r="3.5" fill="#1c1917"/>
  <rect x="${x + 10}" y="268" width="12" height="34" rx="5" fill="${coat}"/>
  <rect x="${x + 40}" y="272" width="12" height="32" rx="5" fill="${coat}"/>
  <rect x="${x + 80}" y="272" width="12" height="32" rx="5" fill="${coat}"/>
  <rect x="${x + 104}" y="268" width="12" height="34" rx="5" fill="${coat}"/>
  <path d="M${x} 240 q-30 -20 -24 -44" stroke="${coat}" stroke-width="9" fill="none" stroke-linecap="round"/>
  <path d="M${x + 140} 236 L${x + 230} 150" stroke="#dc2626" stroke-width="3" fill="none"/>
</svg>`;
}

const rendered = new Map<string, Buffer>();
async function png(key: string, svg: string): Promise<Buffer> {
  const hit = rendered.get(key);
  if (hit) return hit;
  const { default: sharp } = await import("sharp");
  const out = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  rendered.set(key, out);
  return out;
}

async function store(
  db: Executor,
  companyId: number,
  entity: string,
  id: number,
  prefix: string,
  column: string,
  body: Buffer,
  name: string,
): Promise<string> {
  const key = `${prefix}/${column}-${randomBytes(12).toString("hex")}.png`;
  await getStorage().put(key, body, "image/png");
  await db.insert(storedFiles).values({
    key,
    company_id: companyId,
    entity,
    entity_id: id,
    content_type: "image/png",
    size: body.length,
    original_name: name,
  });
  return key;
}

/**
 * Photos for one demo company: its latest completed walks get two photos each (the first also the end selfie) and a
 * start selfie; its first pets get a portrait.
 */
export async function seedDemoPhotos(db: Executor, companyId: number, walks = 6, pets = 4): Promise<void> {
  const done = await db
    .select({ id: dailyJobPlanWalks.id })
    .from(dailyJobPlanWalks)
    .where(
      and(
        eq(dailyJobPlanWalks.company_id, companyId),
        eq(dailyJobPlanWalks.status, 2),
        isNull(dailyJobPlanWalks.deleted_at),
      ),
    )
    .orderBy(desc(dailyJobPlanWalks.date), desc(dailyJobPlanWalks.id))
    .limit(walks);
  for (const [i, w] of done.entries()) {
    const prefix = `walks/${w.id}`;
    const coat = COATS[i % COATS.length];
    const photos: string[] = [];
    for (const k of [0, 1]) {
      const body = await png(`w${i % 4}-${k}-${coat}`, scene(SKIES[(i + k) % SKIES.length], coat, k * 60));
      photos.push(
        await store(
          db,
          companyId,
          WALK_FILE_ENTITY,
          w.id,
          prefix,
          `photo_${k + 1}`,
          body,
          `walk-${k + 1}.png`,
        ),
      );
    }
    const selfieBody = await png(`s${i % 4}-${coat}`, scene(SKIES[(i + 2) % SKIES.length], coat, 90));
    const selfie = await store(
      db,
      companyId,
      WALK_FILE_ENTITY,
      w.id,
      prefix,
      "start_selfie",
      selfieBody,
      "start.png",
    );
    await db
      .update(dailyJobPlanWalks)
      .set({ photo_paths: photos, end_selfie_path: photos[0], start_selfie_path: selfie })
      .where(eq(dailyJobPlanWalks.id, w.id));
  }
  const mine = await db
    .select({ id: userPets.id })
    .from(userPets)
    .where(and(eq(userPets.company_id, companyId), isNull(userPets.deleted_at)))
    .orderBy(userPets.id)
    .limit(pets);
  for (const [i, p] of mine.entries()) {
    const body = await png(`p${i}`, scene(SKIES[i % SKIES.length], COATS[(i + 1) % COATS.length], 30));
    const key = await store(
      db,
      companyId,
      "user_pets",
      p.id,
      `user_pets/${p.id}`,
      "photo_path",
      body,
      "pet.png",
    );
    await db
      .update(userPets)
      .set({ photo_path: key })
      .where(inArray(userPets.id, [p.id]));
  }
}
