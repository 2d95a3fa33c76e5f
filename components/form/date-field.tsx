"use client";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useController, useFormContext } from "react-hook-form";
import { CalendarDays } from "lucide-react";
import { Input } from "@/components/ui/input";
import { isIsoDate, isoToDayText, maskDayText, parseDayText } from "@/lib/date-text";
import { cn } from "@/lib/utils";
import { Field, useFormReadOnly } from "./field";
import { ShownField } from "./shown-field";

/** What a field holds for a typed text: '' when empty, the ISO date when it is one, else the text (refused later). */
function heldFor(text: string): string {
  return text.trim() === "" ? "" : (parseDayText(text) ?? text);
}

/** What a field shows for a held value: an ISO date as DD-MM-YYYY, a refused text as typed. */
function shownFor(value: string | null | undefined): string {
  return isoToDayText(value) || (value ?? "");
}

type DateInputProps = {
  /** ISO YYYY-MM-DD, '' for none, or a typed text that is not a date (shown as typed). */
  value: string | null | undefined;
  /** Called on every change with the ISO date, '' when cleared, or the typed text while it is not (yet) a date. */
  onValueChange?: (value: string) => void;
  /** The field's name as read aloud; the calendar button is 'Choose <label>'. */
  label: string;
  id?: string;
  /** Given in a plain (GET) form: the ISO date is sent under this name from a hidden input. */
  name?: string;
  /** ISO bounds, for the calendar (the form field also refuses a typed date outside them). */
  min?: string;
  max?: string;
  onBlur?: () => void;
  disabled?: boolean;
  className?: string;
  /** Given when no visible label names the input (filters). */
  "aria-label"?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * A calendar date typed or picked as DD-MM-YYYY whatever the browser's locale (spec 000 §9), held as ISO YYYY-MM-DD.
 * The text is masked as it is typed (digits grouped, the dashes written); the calendar button opens the browser's
 * own date picker on a hidden date input (no calendar code shipped, and no
 * native date field on the page until the button is pressed), whose choice is shown as DD-MM-YYYY.
 */
export function DateInput({
  value,
  onValueChange,
  label,
  id,
  name,
  min,
  max,
  onBlur,
  disabled,
  className,
  ...aria
}: DateInputProps) {
  const [text, setText] = useState(() => shownFor(value));
  // A value set from outside (a reset, the URL, the calendar) is shown; one that came from the typing is left as typed.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (heldFor(text) !== (value ?? "")) setText(shownFor(value));
  }
  const picker = useRef<HTMLInputElement>(null);
  // The hidden date input exists only once the calendar is asked for: a page at rest has no native date field.
  const [picking, setPicking] = useState(false);
  const held = heldFor(text);

  const change = (next: string) => {
    setText(next);
    onValueChange?.(heldFor(next));
  };

  return (
    <div className={cn("relative min-w-0", className)}>
      <Input
        id={id}
        value={text}
        placeholder="DD-MM-YYYY"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        disabled={disabled}
        className="bg-white pr-10"
        {...aria}
        onChange={(e) => {
          const el = e.target;
          // Masked while typing at the end; an edit in the middle is left as typed (the caret stays where it is).
          const atEnd = el.selectionStart === el.value.length;
          change(atEnd ? maskDayText(el.value) : el.value.replace(/[^\d\-/. ]/g, ""));
        }}
        onBlur={() => {
          const iso = parseDayText(text);
          if (iso) setText(isoToDayText(iso));
          onBlur?.();
        }}
      />
      <button
        type="button"
        title={`Choose ${label}`}
        disabled={disabled}
        className="absolute top-0 right-0 inline-flex size-9 items-center justify-center rounded-r-md text-slate-500 outline-none hover:text-teal-700 focus-visible:ring-[3px] focus-visible:ring-teal-600/50 disabled:opacity-50"
        onClick={() => {
          // Rendered now, and opened within this click (a picker opens only on a person's gesture).
          flushSync(() => setPicking(true));
          const el = picker.current;
          if (!el) return;
          el.value = isIsoDate(held) ? held : "";
          try {
            el.showPicker();
          } catch {
            // No picker in this browser (or not allowed here): the date is typed.
          }
        }}
      >
        <CalendarDays className="size-4" aria-hidden />
        {/* Named by its text, not aria-label: a test's getByLabel(<label>) finds the field alone. */}
        <span className="sr-only">{`Choose ${label}`}</span>
      </button>
      {name ? <input type="hidden" name={name} value={held} /> : null}
      {/* The browser's calendar, opened by the button; placed under the field so the calendar opens below it. */}
      {picking ? (
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden
          disabled={disabled}
          min={min}
          max={max}
          defaultValue={isIsoDate(held) ? held : ""}
          className="pointer-events-none absolute bottom-0 left-0 h-px w-full opacity-0"
          onChange={(e) => {
            if (e.target.value) change(isoToDayText(e.target.value));
          }}
        />
      ) : null}
    </div>
  );
}

/** Why a held date is refused, or undefined: not a date, or outside min/max (a missing one is the server's to say). */
export function dateProblem(value: unknown, label: string, min?: string, max?: string): string | undefined {
  if (value == null || value === "") return undefined;
  const v = String(value);
  if (!isIsoDate(v)) return `The ${label} is not a valid date.`;
  if (min && v < min) return `The ${label} must be a date after or equal to ${isoToDayText(min)}.`;
  if (max && v > max) return `The ${label} must be a date before or equal to ${isoToDayText(max)}.`;
  return undefined;
}

/**
 * A date field of a form: DD-MM-YYYY typed or picked, the form holding ISO YYYY-MM-DD (what the schemas take). A
 * text that is not a date, or a date outside min/max, is refused beside the field when it is left and on Save. In
 * a read-only form the date is text.
 */
export function DateField({
  name,
  label,
  required,
  disabled,
  min,
  max,
  className,
}: {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  min?: string;
  max?: string;
  className?: string;
}) {
  const { control, trigger } = useFormContext();
  const { field, fieldState } = useController({
    name,
    control,
    rules: { validate: (v) => dateProblem(v, label, min, max) ?? true },
  });
  const readOnly = useFormReadOnly();
  if (readOnly) return <ShownField label={label} text={isoToDayText(field.value)} />;
  const invalid = !!fieldState.error;
  return (
    <Field name={name} label={label} required={required} className={className}>
      <DateInput
        id={name}
        label={label}
        value={field.value}
        min={min}
        max={max}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${name}-error` : undefined}
        onValueChange={field.onChange}
        onBlur={() => {
          field.onBlur();
          // A typed text that is no date is said at once; our own error goes once the date is fixed.
          if (dateProblem(field.value, label, min, max) || fieldState.error?.type === "validate")
            void trigger(name);
        }}
      />
    </Field>
  );
}
