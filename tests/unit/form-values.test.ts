import { describe, expect, it } from "vitest";
import { formValuesOf } from "@/lib/platform/form-values";

// Edit forms start from their record through the form's empty values (lib/platform/form-values.ts).

const EMPTY = {
  user_id: "",
  date: "",
  start_time: "",
  reason: "",
  is_active: 1,
  tags: [] as string[],
  image_path: null as string | null,
};

describe("formValuesOf", () => {
  it("reads each field of the empty values from the record, as the form holds it", () => {
    expect(
      formValuesOf(EMPTY, {
        id: 9,
        user_id: 42,
        date: "2031-07-01",
        start_time: "11:30:00",
        reason: null,
        is_active: 0,
        tags: [1, 2],
        image_path: "uploads/a.png",
        other: "not a field",
      }),
    ).toEqual({
      user_id: "42",
      date: "2031-07-01",
      start_time: "11:30",
      reason: "",
      is_active: 0,
      tags: ["1", "2"],
      image_path: null,
    });
  });

  it("keeps the empty value of a field the record lacks or holds null, and a Date becomes yyyy-mm-dd", () => {
    expect(formValuesOf(EMPTY, { is_active: null, date: new Date(Date.UTC(2031, 6, 1)) })).toEqual({
      ...EMPTY,
      date: "2031-07-01",
    });
  });

  it("takes the overrides as given", () => {
    expect(formValuesOf(EMPTY, { reason: "Doctor" }, { reason: "Shown", image_path: "keep" })).toMatchObject({
      reason: "Shown",
      image_path: "keep",
    });
  });

  it("reads a list of rows through its blank row's fields", () => {
    const empty = { name: "", pjp_outlets: [{ outlet_id: "" }] };
    expect(
      formValuesOf(empty, {
        name: "Beat 1",
        pjp_outlets: [{ outlet_id: 7, name: "Outlet 7" }, { outlet_id: 9 }],
      }),
    ).toEqual({ name: "Beat 1", pjp_outlets: [{ outlet_id: "7" }, { outlet_id: "9" }] });
    expect(formValuesOf(empty, { name: "Beat 2", pjp_outlets: [] })).toEqual({
      name: "Beat 2",
      pjp_outlets: [],
    });
  });

  it("leaves out a field the overrides set to undefined (a create-only field)", () => {
    const empty = { name: "", is_active: 1, role_id: 3 };
    const values = formValuesOf(empty, { name: "North", is_active: 0 }, { role_id: undefined });
    expect(values).toEqual({ name: "North", is_active: 0 });
    expect(Object.hasOwn(values, "role_id")).toBe(false);
  });
});
