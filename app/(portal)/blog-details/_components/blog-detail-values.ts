// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The detail schema's fields (lib/franchise/blog-details.ts) as the form holds them; the blog comes from the route. */
export type BlogDetailFormValues = { description: string; imagepath: File | null; is_active: number };

export const EMPTY_BLOG_DETAIL: BlogDetailFormValues = { description: "", imagepath: null, is_active: 1 };
