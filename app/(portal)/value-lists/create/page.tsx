import { valueListsCrud } from "@/lib/operations/value-lists";
import { valueOptions } from "@/lib/operations/values";
import { decodeId } from "@/lib/platform/ids";
import { createScreen } from "@/lib/platform/screens";
import { ValueListForm } from "../_components/value-list-form";
import { EMPTY_VALUE_LIST } from "../_components/value-list-values";

export const metadata = { title: "Add Value List" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** One new row of a master; the master chosen on List of Masters comes preselected (`?master=`). */
export default async function CreateValueListPage({ searchParams }: Props) {
  const s = await createScreen(valueListsCrud);
  const sp = await searchParams;
  const masters = (await valueOptions(s.ctx)).map((v) => ({ value: String(v.id), label: v.name }));
  const chosen = typeof sp.master === "string" ? decodeId(sp.master) : null;
  const value_id = masters.some((m) => m.value === String(chosen)) ? String(chosen) : "";
  return (
    <ValueListForm
      {...s.form}
      listHref={
        typeof sp.master === "string" && value_id ? `/value-lists?master=${sp.master}` : "/value-lists"
      }
      masters={masters}
      initial={{ ...EMPTY_VALUE_LIST, value_id }}
    />
  );
}
