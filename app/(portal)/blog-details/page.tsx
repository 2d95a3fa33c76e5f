import { redirect } from "next/navigation";

/** Details are listed under their blog (/blogs/{blogId}/blog-details); this root goes to the blogs. */
export default function BlogDetailsRoot() {
  redirect("/blogs");
}
