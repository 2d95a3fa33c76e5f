import { describe, expect, it } from "vitest";
import { decisionSlots, type DialogOf } from "@/components/approval/decision-slots";
import type { ClientTransition } from "@/lib/platform/approval";

const approve = { name: "approve", label: "Approve" } as ClientTransition;
const dialogOf =
  (id: string): DialogOf =>
  () => ({ id, decide: async () => ({ ok: true, data: null }) });

/** The slots with the end of the commit run by hand (the host's is a timer). */
function slots() {
  const queued: (() => void)[] = [];
  const s = decisionSlots((f) => queued.push(f));
  const settle = () => queued.splice(0).forEach((f) => f());
  return { s, settle };
}

describe("the open decision dialog, held above the list (DecisionHost)", () => {
  it("survives the remount of its cell by a list's refresh", () => {
    const { s, settle } = slots();
    const releaseA = s.claim("kyc:status:a");
    let releaseB = s.claim("kyc:status:b");
    s.open("kyc:status:b", approve, dialogOf("b"));
    // The refresh renders the columns anew: every cell unmounts and mounts again in one commit.
    releaseA();
    releaseB();
    s.claim("kyc:status:a");
    releaseB = s.claim("kyc:status:b");
    const fresh = dialogOf("b");
    s.update("kyc:status:b", fresh);
    settle();
    expect(s.get()).toMatchObject({ key: "kyc:status:b", transition: approve });
    // It shows the remounted cell's props.
    expect(s.get()?.dialog).toBe(fresh);
  });

  it("closes once its cell is gone for good (the user left the page), not before", () => {
    const { s, settle } = slots();
    const release = s.claim("kyc:status:b");
    s.open("kyc:status:b", approve, dialogOf("b"));
    release();
    expect(s.get()).not.toBeNull();
    settle();
    expect(s.get()).toBeNull();
  });

  it("is one at a time: another row's props or departure leave it alone; closing it tells the host", () => {
    const { s, settle } = slots();
    const seen: unknown[] = [];
    s.subscribe(() => seen.push(s.get()?.key ?? null));
    const releaseA = s.claim("kyc:status:a");
    s.claim("kyc:status:b");
    s.open("kyc:status:a", approve, dialogOf("a"));
    s.open("kyc:status:b", approve, dialogOf("b"));
    s.update("kyc:status:a", dialogOf("a"));
    // The decided row leaves the list (its refresh): the next row's dialog stays.
    releaseA();
    settle();
    expect(s.get()?.key).toBe("kyc:status:b");
    s.close("kyc:status:a");
    expect(s.get()?.key).toBe("kyc:status:b");
    s.close("kyc:status:b");
    expect(s.get()).toBeNull();
    expect(seen).toEqual(["kyc:status:a", "kyc:status:b", null]);
  });
});
