/** A blog's or a detail's image in a list: 80 by 80 (spec 002 §9), from the authorised file route; or 'No image'. */
export function BlogImage({ url, title }: { url: string | null; title: string }) {
  return url ? (
    // eslint-disable-next-line @next/next/no-img-element -- served by the authorised file route
    <img
      src={url}
      alt={`Image of ${title}`}
      width={80}
      height={80}
      loading="lazy"
      className="size-20 rounded border border-slate-200 object-cover"
    />
  ) : (
    <span className="text-slate-600">No image</span>
  );
}
