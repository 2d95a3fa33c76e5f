// The bare page floor's root layout: the document and nothing else (no session, no menu, no styles).
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
