import "server-only";
import { z } from "zod";
import {
  appWalkSchema,
  completeWalk,
  completeWalkSchema,
  getWalk,
  listWalks,
  photosOf,
  rateWalk,
  rateWalkSchema,
  startWalk,
  walksQuerySchema,
  WALK_MESSAGES,
} from "@/lib/jobs/walks";
import { listAnswer } from "@/lib/platform/row-schema";
import { idempotencyKeyOf } from "@/lib/platform/idempotency";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

const tag = "Apps";
const walkAnswer = z.object({ success: z.literal(true), message: z.string(), data: appWalkSchema });

/**
 * Walks for the apps (issue 22): a customer's walks (their plans'), a walker's (assigned to them), the back office's
 * within the daily job plans' scope; one walk; the walker starts and completes it (selfie, photos, distance,
 * calories, duration, note); the customer rates it. Another user's walk answers 404.
 */
export const walksRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "walks",
    auth: "user",
    permission: "walks.list",
    shape: "list",
    tag,
    summary:
      "Walks: a customer's own (their daily plans'), a walker's (assigned to them), the back office's within its scope; India's today first, then the days ahead, then the past. Each with its pets, walker, address, 'covering for' and report card",
    query: walksQuerySchema,
    output: listAnswer(appWalkSchema),
    handler: async ({ ctx, query }) => listWalks(ctx, query),
  },
  {
    method: "GET",
    path: "walks/:id",
    auth: "user",
    permission: "walks.view",
    owned: "id",
    shape: "data",
    tag,
    summary: "One walk the caller sees (another user's: 404)",
    output: walkAnswer,
    handler: async ({ ctx, params }) => ({
      success: true,
      message: WALK_MESSAGES.loaded,
      data: await getWalk(ctx, idParam(params.id)),
    }),
  },
  {
    method: "POST",
    path: "walks/:id/start",
    auth: "user",
    permission: "walks.start",
    owned: "id",
    shape: "data",
    tag,
    summary:
      "Start one's own walk (its walker only) on its date (India), from pending or a decided reschedule (409 otherwise); optional multipart `selfie` (an image, re-encoded). Its plan goes to in progress",
    files: ["selfie"],
    output: walkAnswer,
    idempotent: true,
    handler: async ({ ctx, params, files, request }) => ({
      success: true,
      message: WALK_MESSAGES.started,
      data: await startWalk(ctx, idParam(params.id), Object.hasOwn(files, "selfie") ? files.selfie : null, {
        idempotencyKey: idempotencyKeyOf(request.headers.get("idempotency-key")),
      }),
    }),
  },
  {
    method: "POST",
    path: "walks/:id/complete",
    auth: "user",
    permission: "walks.complete",
    owned: "id",
    shape: "data",
    tag,
    summary:
      "Complete one's own started walk (409 otherwise): distance_covered (km), calories_burnt, duration (minutes), note, and 1-3 `photos` (multipart, repeated or photos[]; images re-encoded). The customer gets the report card; the plan completes with its last walk",
    input: completeWalkSchema,
    files: ["photos", "photos[]"],
    output: walkAnswer,
    idempotent: true,
    handler: async ({ ctx, params, body, files, fileLists, request }) => ({
      success: true,
      message: WALK_MESSAGES.completed,
      data: await completeWalk(ctx, idParam(params.id), body, photosOf(fileLists, files), {
        idempotencyKey: idempotencyKeyOf(request.headers.get("idempotency-key")),
      }),
    }),
  },
  {
    method: "POST",
    path: "walks/:id/rating",
    auth: "user",
    permission: "walks.rate",
    owned: "id",
    shape: "data",
    tag,
    summary:
      "Rate one's own completed walk (the customer only), once, within 7 days of its completion (409 otherwise): rating 1-5, feedback",
    input: rateWalkSchema,
    output: walkAnswer,
    idempotent: true,
    handler: async ({ ctx, params, body, request }) => ({
      success: true,
      message: WALK_MESSAGES.rated,
      data: await rateWalk(ctx, idParam(params.id), body, {
        idempotencyKey: idempotencyKeyOf(request.headers.get("idempotency-key")),
      }),
    }),
  },
];
