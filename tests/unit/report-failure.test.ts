import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UseFormReturn } from "react-hook-form";
import { reportFormFailure } from "@/components/form/report-failure";
import { reportFailure, type Dialogs } from "@/components/shell/dialogs";

// Every action's failure answers through reportFailure (rows, toolbars, history, the shell) or reportFormFailure
// (forms): a lost session goes to the login page, never to a "Something went wrong" popup.

const assign = vi.fn();
beforeEach(() => vi.stubGlobal("window", { location: { assign } }));
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockClear();
});

const dialogs = () => ({
  success: vi.fn<Dialogs["success"]>(),
  error: vi.fn<Dialogs["error"]>(),
  unauthorised: vi.fn<Dialogs["unauthorised"]>(),
  accessWarning: vi.fn<Dialogs["accessWarning"]>(),
});

/** The parts of a form reportFormFailure uses: its values and setError. */
function form(values: Record<string, unknown>) {
  const setError = vi.fn();
  return { setError, form: { getValues: () => values, setError } as unknown as UseFormReturn };
}

describe("reportFailure", () => {
  it("sends a lost session to the login page, whatever the action", () => {
    const d = dialogs();
    reportFailure(d, { status: 401, message: "Unauthenticated." });
    expect(assign).toHaveBeenCalledWith("/auth/login");
    expect(d.error).not.toHaveBeenCalled();
    expect(d.unauthorised).not.toHaveBeenCalled();
  });

  it("shows the unauthorised popup for 403 and the error popup with the server's message otherwise", () => {
    const d = dialogs();
    reportFailure(d, { status: 403, message: "No." });
    expect(d.unauthorised).toHaveBeenCalledOnce();
    reportFailure(d, { status: 409, message: "The position is held by users." });
    expect(d.error).toHaveBeenCalledWith("The position is held by users.");
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("reportFormFailure", () => {
  it("sends a lost session to login without touching the fields", () => {
    const d = dialogs();
    const f = form({ name: "x" });
    reportFormFailure(d, { status: 401, message: "Unauthenticated.", fieldErrors: { name: "?" } }, f.form);
    expect(assign).toHaveBeenCalledWith("/auth/login");
    expect(f.setError).not.toHaveBeenCalled();
    expect(d.error).not.toHaveBeenCalled();
  });

  it("puts field errors under the form's fields (a refused image included) and no popup", () => {
    const d = dialogs();
    const f = form({ name: "x", logo_path: null });
    reportFormFailure(
      d,
      { status: 422, message: "The given data was invalid.", fieldErrors: { logo_path: "Not an image." } },
      f.form,
    );
    expect(f.setError).toHaveBeenCalledWith("logo_path", { message: "Not an image." });
    expect(d.error).not.toHaveBeenCalled();
  });

  it("shows an error for a field the form does not have in the popup", () => {
    const d = dialogs();
    const f = form({ name: "x" });
    reportFormFailure(d, { status: 422, message: "Invalid.", fieldErrors: { company_id: "No." } }, f.form);
    expect(d.error).toHaveBeenCalledWith("Invalid.");
  });

  it("puts the error of a rule over several values beside the Field named after it, no popup", () => {
    // Franchisee working hours (spec 002 §5): the form holds start_time and end_time, its Field is working_hours.
    const d = dialogs();
    const f = form({ start_time: "10:15", end_time: "18:00" });
    const root = {
      querySelectorAll: () => [{ dataset: { field: "working_hours" } }],
    } as unknown as ParentNode;
    const message = "The working hours may only start and end on the hour or half hour (minutes 00 or 30).";
    reportFormFailure(
      d,
      { status: 422, message: "The given data was invalid.", fieldErrors: { working_hours: message } },
      f.form,
      root,
    );
    expect(f.setError).toHaveBeenCalledWith("working_hours", { message });
    expect(d.error).not.toHaveBeenCalled();
  });

  it("without a Field of that name, the rule's error still reaches the popup", () => {
    const d = dialogs();
    const f = form({ start_time: "10:15" });
    const root = { querySelectorAll: () => [{ dataset: { field: "start_time" } }] } as unknown as ParentNode;
    reportFormFailure(
      d,
      { status: 422, message: "Invalid.", fieldErrors: { working_hours: "No." } },
      f.form,
      root,
    );
    expect(d.error).toHaveBeenCalledWith("Invalid.");
  });
});
