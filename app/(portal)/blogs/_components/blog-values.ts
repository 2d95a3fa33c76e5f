// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The blog schema's fields (lib/franchise/blogs.ts) as the form holds them; the image is a file. */
export type BlogFormValues = {
  title: string;
  description: string;
  imagepath: File | null;
  is_active: number;
};

export const EMPTY_BLOG: BlogFormValues = { title: "", description: "", imagepath: null, is_active: 1 };
