import "server-only";
import { usersUpload } from "@/lib/admin/users/upload";
import { stagedUploadRoutes } from "../staged-upload";
import type { ApiRoute } from "../types";

/** Users bulk upload (spec 000 §2.9, §7 Bulk upload). */
export const userUploadRoutes: ApiRoute[] = stagedUploadRoutes(
  usersUpload,
  {
    list: "crud_users",
    upload: "crud_users/upload_user",
    process: "crud_users/process_user",
    discard: "crud_users/truncate_users",
    sample: "crud_users/sample",
  },
  { tag: "User", noun: "user" },
);
