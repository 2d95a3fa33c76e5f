/**
 * The quiet 'IST' written after every time on screen (lists, details, the calendar): the portal's times are India's
 * whatever the reader's clock says (spec 000 §9).
 */
export function Ist() {
  // The space is text, so the time reads '07:00 AM IST' when copied or read aloud.
  return (
    <>
      {" "}
      <abbr title="India Standard Time" className="text-xs text-slate-500 no-underline">
        IST
      </abbr>
    </>
  );
}

/** A time's text with the IST mark after it; nothing added to an empty text. */
export function withIst(text: string): React.ReactNode {
  return text ? (
    <>
      {text}
      <Ist />
    </>
  ) : (
    text
  );
}
