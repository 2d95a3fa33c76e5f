import Link from "next/link";

export default function NotFound() {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg border bg-white p-8 text-center">
      <h1 className="mb-2 text-xl font-semibold">Not found</h1>
      <p className="mb-4 text-slate-600">This record does not exist or is not available to your login.</p>
      <Link href="/home" className="text-teal-700 hover:underline">
        Go to home
      </Link>
    </div>
  );
}
