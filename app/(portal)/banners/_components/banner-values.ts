// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The banner schema's fields (lib/operations/banners.ts) as the form holds them; the image is a file. */
export type BannerFormValues = {
  title: string;
  image_path: File | null;
  is_active: number;
  role_id?: number;
};

/** A new banner: the earlier client sent role_id 4 with it (accepted and ignored by the server). */
export const EMPTY_BANNER: BannerFormValues = { title: "", image_path: null, is_active: 1 };
