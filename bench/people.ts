// The people of the bench's data set: names, mail domains and phones, realistic and skewed (common first names, a
// few big mail domains, shared phone prefixes), so a search means what it means in real use. bench/seed.ts builds its
// users from these lists in SQL; the bulk import scenario (bench/run.ts) makes its rows with `person`, the same
// formulas, so the customers it adds look like the others (a search scans past them as past any customers).
export const FIRST = [
  "Aarav",
  "Vivaan",
  "Aditya",
  "Vihaan",
  "Arjun",
  "Sai",
  "Reyansh",
  "Ayaan",
  "Krishna",
  "Ishaan",
  "Rohan",
  "Rahul",
  "Amit",
  "Vikram",
  "Suresh",
  "Ramesh",
  "Anil",
  "Sunil",
  "Rajesh",
  "Manoj",
  "Priya",
  "Ananya",
  "Diya",
  "Aadhya",
  "Saanvi",
  "Pooja",
  "Neha",
  "Kavya",
  "Isha",
  "Meera",
  "Lakshmi",
  "Sunita",
  "Anjali",
  "Deepika",
  "Sneha",
  "Divya",
  "Nisha",
  "Kiran",
  "Farhan",
  "Imran",
  "Zoya",
  "Sana",
  "Gurpreet",
  "Harpreet",
  "Simran",
  "Joseph",
  "Mary",
  "Thomas",
];
export const LAST = [
  "Sharma",
  "Verma",
  "Patel",
  "Shah",
  "Iyer",
  "Iyengar",
  "Reddy",
  "Rao",
  "Nair",
  "Menon",
  "Pillai",
  "Gupta",
  "Agarwal",
  "Mehta",
  "Joshi",
  "Kulkarni",
  "Deshpande",
  "Chatterjee",
  "Banerjee",
  "Mukherjee",
  "Das",
  "Bose",
  "Singh",
  "Kaur",
  "Gill",
  "Khan",
  "Sheikh",
  "Ansari",
  "D'Souza",
  "Fernandes",
  "Mishra",
  "Pandey",
  "Yadav",
  "Chauhan",
  "Naidu",
  "Hegde",
  "Kapoor",
  "Malhotra",
  "Bhat",
  "Thakur",
];
export const DOMAINS = [
  "gmail.com",
  "gmail.com",
  "gmail.com",
  "gmail.com",
  "gmail.com",
  "gmail.com",
  "yahoo.co.in",
  "yahoo.co.in",
  "outlook.com",
  "rediffmail.com",
  "hotmail.com",
  "icloud.com",
];

/**
 * The n-th person by the seed's formulas (bench/seed.ts's users: a squared uniform index favours the first names
 * of each list), with an email made unique by `tag`.
 */
export function person(
  n: number,
  tag: string,
): { first: string; last: string; email: string; phone: string } {
  const first = FIRST[Math.floor(Math.pow(((n * 2654435761) % 1000) / 1000, 2) * FIRST.length)];
  const last = LAST[Math.floor(Math.pow(((n * 40503) % 997) / 997, 1.7) * LAST.length)];
  const domain = DOMAINS[(n * 13) % DOMAINS.length];
  const email = `${first.toLowerCase()}.${last.toLowerCase().replace("'", "")}.${tag}${n}@${domain}`;
  const phone =
    n % 5 === 0
      ? `+91 98200 ${String(n % 100000).padStart(5, "0")}`
      : `+91 9${String((n * 7919) % 1_000_000_000).padStart(9, "0")}`;
  return { first, last, email, phone };
}
