import { expect } from "vitest";
import { api } from "../../support/fixtures";
import type { Sample } from "./types";

export const companySamples: Record<string, Sample> = {
  "GET companies": { path: () => "companies?page=1&rowsPerPage=5" },
  "GET companies/excel_export": { path: () => "companies/excel_export?is_active=1" },
  "POST companies": {
    as: "super",
    path: () => "companies",
    body: () => ({
      name: "Contract Co",
      email: "c@contract.test",
      phone: "+91 90000 12345",
      address: "1 Road",
    }),
  },
  "POST companies/upload_logo_path": {
    path: () => "companies/upload_logo_path",
    // Multipart: the images suite sends real files; here a call with no file answers field errors.
    async valid(e) {
      const form = new FormData();
      form.set("id", String(e.happyId));
      const r = await api("POST", "companies/upload_logo_path", { token: e.tokens.admin, form });
      expect(r.status).toBe(422);
      expect(r.json.errors!.logo_path).toBeDefined();
    },
  },
  "POST companies/delete/:id": {
    as: "super",
    path: (e) => `companies/delete/${e.spareId}`,
    foreign: (e) => `companies/delete/${e.wagId}`,
    after: async (e) => void (await api("POST", `companies/restore/${e.spareId}`, { token: e.tokens.super })),
  },
  "POST companies/restore/:id": {
    as: "super",
    path: (e) => `companies/restore/${e.spareId}`,
    foreign: (e) => `companies/restore/${e.trash.company}`,
    before: async (e) => void (await api("POST", `companies/delete/${e.spareId}`, { token: e.tokens.super })),
  },
  "GET companies/:id": { path: (e) => `companies/${e.happyId}`, foreign: (e) => `companies/${e.wagId}` },
  "PATCH companies/:id": {
    path: (e) => `companies/${e.happyId}`,
    body: () => ({ city: "Thane" }),
    foreign: (e) => `companies/${e.wagId}`,
  },
  "GET get_company/:id": {
    path: (e) => `get_company/${e.happyId}`,
    foreign: (e) => `get_company/${e.wagId}`,
  },
};
