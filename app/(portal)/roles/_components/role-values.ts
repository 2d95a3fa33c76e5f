// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

import type { PermissionSetValues } from "@/components/form/permission-set-form";

export const EMPTY_ROLE: PermissionSetValues = { name: "", is_active: 1, permissions: [] };
