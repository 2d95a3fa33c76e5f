import Link from "next/link";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { formatDate, formatDateTime } from "@/lib/format";
import { masterRows } from "@/lib/franchise/master-rows";
import { BREEDS_VALUE } from "@/lib/jobs/customer-data";
import { loadCustomerPage, SECTION_ROWS } from "@/lib/jobs/customer-page";
import { quotaText } from "@/lib/jobs/walk-policy";
import { stateOptions } from "@/lib/operations/states";
import { can } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { guardPage } from "@/lib/platform/page-guard";
import { pageId, requirePageContext } from "@/lib/platform/session";
import { AddressDialog } from "./_components/address-dialog";
import { PetDialog } from "./_components/pet-dialog";
import { date, ReportCard, Section, SimpleTable, StatusBadge, time12 } from "./_components/sections";
import { versionOf } from "@/lib/platform/versions";
import { withIst } from "@/components/ist";

export const metadata = { title: "Customer" };

const text = (v: string | number | null | undefined) => (v == null ? "" : String(v));

/**
 * A customer whole (issue 22), for the company's admins, a franchisee's admin (customers with a request of their
 * franchisee) and a master franchisee (customers with a request in their zones); any other customer is the
 * not-found card. Profile, pets and addresses (staff with the permission add or correct them here, for customers
 * who phone in), monthly requests with the reschedule quota, walks with their report cards, walk requests and the
 * notifications sent to the customer: the latest of each, with a link to the full list where there is one.
 */
export default async function CustomerPage({ params }: { params: Promise<{ customerId: string }> }) {
  const opaque = (await params).customerId;
  const ctx = await requirePageContext();
  const id = pageId(opaque);
  const page = await guardPage(() => loadCustomerPage(ctx, id));
  const may = {
    petCreate: can(ctx, "user_pets.create"),
    petUpdate: can(ctx, "user_pets.update"),
    addressCreate: can(ctx, "user_addresses.create"),
    addressUpdate: can(ctx, "user_addresses.update"),
  };
  const [breeds, states] = await Promise.all([
    may.petCreate || may.petUpdate ? masterRows(ctx, BREEDS_VALUE) : Promise.resolve([]),
    may.addressCreate || may.addressUpdate ? stateOptions() : Promise.resolve([]),
  ]);
  const breedOptions = breeds.map((b) => ({ value: String(b.id), label: b.description }));
  const stateChoices = states.map((s) => ({ value: String(s.id), label: s.description }));
  const c = page.customer;
  const requestsHref = `/user-monthly-job-requests?user_id=${encodeId(c.id)}`;
  const showing = `Showing the latest ${SECTION_ROWS}.`;

  const walkRows = (rows: typeof page.past_walks.rows) =>
    rows.map((w) => ({
      key: w.id,
      cells: [
        <span key="d" className="whitespace-nowrap">
          {date(w.date)} {withIst(time12(w.timeslot))}
        </span>,
        text(w.pets),
        text(w.walker_name),
        <StatusBadge key="s" label={w.status_label} />,
        w.report ? (
          <ReportCard key="r" report={w.report} />
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
      ],
    }));

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-4">
            {c.photo_url ? (
              // eslint-disable-next-line @next/next/no-img-element -- served by the authorised file route
              <img src={c.photo_url} alt="" className="size-16 rounded-full border object-cover" />
            ) : null}
            <div className="space-y-1">
              <h1 className="text-lg leading-none font-semibold">{c.name ?? c.user_name ?? c.email}</h1>
              <p className="text-muted-foreground text-sm">Customer since {formatDate(c.created_at)}</p>
            </div>
          </div>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm md:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Email</dt>
              <dd>
                <a className="underline underline-offset-4" href={`mailto:${c.email}`}>
                  {c.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Phone</dt>
              <dd>{c.phone ? <a href={`tel:${c.phone}`}>{c.phone}</a> : "—"}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <StatusBadge label={c.is_active === 1 ? "Active" : "Inactive"} />
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>

      <div className="grid gap-6 xl:grid-cols-2">
        <Section
          title="Pets"
          count={page.pets.rows.length}
          empty="No pets yet."
          more={page.pets.more ? { label: showing } : null}
          action={may.petCreate ? <PetDialog customerId={opaque} breeds={breedOptions} /> : null}
        >
          <SimpleTable
            headers={["", "Name", "Breed", "Weight", "Age", "Gender", "Notes", ""]}
            rows={page.pets.rows.map((p) => ({
              key: p.id,
              cells: [
                p.photo_url ? (
                  // eslint-disable-next-line @next/next/no-img-element -- served by the authorised file route
                  <img key="i" src={p.photo_url} alt="" className="size-10 rounded border object-cover" />
                ) : null,
                p.name,
                text(p.breed),
                p.weight != null ? `${p.weight} kg` : "",
                p.age != null ? `${p.age} y` : "",
                text(p.gender),
                <div key="n" className="max-w-64 space-y-1 text-xs">
                  {p.temperament ? <p>Temperament: {p.temperament}</p> : null}
                  {p.medical_notes ? <p>Medical: {p.medical_notes}</p> : null}
                  {p.vet_phone ? <p>Vet: {p.vet_phone}</p> : null}
                </div>,
                may.petUpdate ? (
                  <PetDialog
                    key="e"
                    customerId={opaque}
                    petId={encodeId(p.id)}
                    version={versionOf(p) ?? undefined}
                    name={p.name}
                    breeds={
                      p.breed_id != null && !breedOptions.some((b) => b.value === String(p.breed_id))
                        ? [...breedOptions, { value: String(p.breed_id), label: text(p.breed) }]
                        : breedOptions
                    }
                    photoUrl={p.photo_url}
                    initial={{
                      name: p.name,
                      breed_id: text(p.breed_id),
                      weight: text(p.weight),
                      age: text(p.age),
                      date_of_birth: text(p.date_of_birth),
                      gender: text(p.gender),
                      temperament: text(p.temperament),
                      medical_notes: text(p.medical_notes),
                      vet_phone: text(p.vet_phone),
                      photo_path: null,
                    }}
                  />
                ) : null,
              ],
            }))}
          />
        </Section>

        <Section
          title="Addresses"
          count={page.addresses.rows.length}
          empty="No addresses yet."
          more={page.addresses.more ? { label: showing } : null}
          action={may.addressCreate ? <AddressDialog customerId={opaque} states={stateChoices} /> : null}
        >
          <SimpleTable
            headers={["Address", "State", "Pin Code", "Location", ""]}
            rows={page.addresses.rows.map((a) => ({
              key: a.id,
              cells: [
                <div key="a" className="space-y-1">
                  <p>{a.address}</p>
                  {a.is_default ? <StatusBadge label="Default" /> : null}
                </div>,
                text(a.state),
                text(a.pin_code),
                a.latitude != null && a.longitude != null ? (
                  <a
                    key="m"
                    className="underline underline-offset-4"
                    href={`https://www.openstreetmap.org/?mlat=${a.latitude}&mlon=${a.longitude}#map=17/${a.latitude}/${a.longitude}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {a.latitude}, {a.longitude}
                  </a>
                ) : (
                  ""
                ),
                may.addressUpdate ? (
                  <AddressDialog
                    key="e"
                    customerId={opaque}
                    addressId={encodeId(a.id)}
                    version={versionOf(a) ?? undefined}
                    states={stateChoices}
                    initial={{
                      address: a.address,
                      latitude: text(a.latitude),
                      longitude: text(a.longitude),
                      state_id: text(a.state_id),
                      pin_code: text(a.pin_code),
                      is_default: a.is_default ? 1 : 0,
                    }}
                  />
                ) : null,
              ],
            }))}
          />
        </Section>
      </div>

      <Section
        title="Monthly Job Requests"
        count={page.monthly_requests.rows.length}
        empty="No monthly requests."
        more={
          page.monthly_requests.more ? { href: requestsHref, label: "All of this customer's requests" } : null
        }
      >
        <SimpleTable
          headers={[
            "Period",
            "Plan",
            "Franchisee",
            "Walker",
            "Timeslots",
            "Franchisee Approval",
            "Status",
            "Reschedules",
          ]}
          rows={page.monthly_requests.rows.map((r) => ({
            key: r.id,
            cells: [
              <Link
                key="l"
                className="underline underline-offset-4"
                href={`/user-monthly-job-requests/${encodeId(r.id)}`}
              >
                {date(r.start_date)} – {date(r.end_date)}
              </Link>,
              text(r.plan_name),
              text(r.franchisee_name),
              text(r.walker_name),
              withIst([time12(r.timeslot), time12(r.timeslot_2)].filter(Boolean).join(", ")),
              <StatusBadge key="f" label={r.franchisee_approval_label} />,
              <StatusBadge key="s" label={r.status_label} />,
              quotaText(r.quota),
            ],
          }))}
        />
      </Section>

      {(
        [
          ["Upcoming Walks", page.upcoming_walks, "No upcoming walks.", "Report"],
          ["Past Walks", page.past_walks, "No past walks.", "Report card"],
        ] as const
      ).map(([title, walks, empty, report]) => (
        <Section
          key={title}
          title={title}
          count={walks.rows.length}
          empty={empty}
          more={
            walks.more
              ? { href: requestsHref, label: `${showing} The requests' daily plans hold the rest.` }
              : null
          }
        >
          <SimpleTable headers={["When", "Pets", "Walker", "Status", report]} rows={walkRows(walks.rows)} />
        </Section>
      ))}

      <Section
        title="Walk Requests"
        count={page.walk_requests.rows.length}
        empty="No reschedule or cancel requests."
        more={
          page.walk_requests.more
            ? {
                href: `/customer-walk-requests?search_keyword=${encodeURIComponent(c.email)}`,
                label: showing,
              }
            : null
        }
      >
        <p className="text-muted-foreground text-sm">
          Reschedule quota: {page.reschedule_quota} a monthly request (each request&apos;s use is in its row
          above).
        </p>
        <SimpleTable
          headers={["Requested", "Type", "Walk", "New Date", "Reason", "Refund", "Status"]}
          rows={page.walk_requests.rows.map((r) => ({
            key: r.id,
            cells: [
              withIst(formatDateTime(r.requested_at)),
              r.request_type === "cancel" ? "Cancellation" : "Reschedule",
              withIst(`${date(r.original_date)} ${time12(r.original_timeslot)}`),
              r.new_date ? withIst(`${date(r.new_date)} ${time12(r.new_timeslot)}`) : "",
              text(r.reason),
              r.refund_eligibility ? `Yes (₹${r.refund_amount})` : "No",
              <StatusBadge key="s" label={r.status} />,
            ],
          }))}
        />
      </Section>

      <Section
        title="Notifications Sent"
        count={page.notifications.rows.length}
        empty="No notifications sent to this customer."
        more={page.notifications.more ? { label: showing } : null}
      >
        <SimpleTable
          headers={["Sent", "Title", "Message", "Read"]}
          rows={page.notifications.rows.map((n) => ({
            key: n.id,
            cells: [
              withIst(formatDateTime(n.created_at)),
              n.title,
              text(n.body),
              n.read_at ? withIst(formatDateTime(n.read_at)) : "Unread",
            ],
          }))}
        />
      </Section>
    </div>
  );
}
