"use client";
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import { CircleAlert, ShieldAlert, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** Popups close themselves after 13 seconds; the unauthorised popup then sends the browser to login (spec 000 §8). */
export const POPUP_SECONDS = 13;
/** How long a success toast stays (it also stays while hovered or focused). */
export const TOAST_SECONDS = 6;
/** The title of the spec's success dialogs (001 §8, 002 §8: 'Success dialogs titled Hurray!'), the toast's title. */
export const SUCCESS_TITLE = "Hurray!";

export const UNAUTHORISED_TEXT =
  "Oops! Something went wrong. Please check whether you are authorized to perform this action. If you are not, kindly contact your administrator. If you are authorized, try restarting the application or logging in again.";
export const ACCESS_WARNING_TEXT =
  "you are trying to access content that are not accessable through your login. kindly ask your admin regarding same.";

const LOGIN_PATH = "/auth/login";

/**
 * A full page load, on purpose: after a session loss (/auth/login ends it) or a company switch the whole app,
 * its layout and client state must start afresh, as the spec's 'reloads' says.
 */
export function reloadAt(path: string): void {
  window.location.assign(path);
}

let toLogin = false;
/** True once the browser is on its way to login (session lost, or not authorised): no form asks to stay. */
export const leavingForLogin = () => toLogin;
function goToLogin(): void {
  toLogin = true;
  reloadAt(LOGIN_PATH);
}

type Popup =
  | { id: number; kind: "error"; title: string; text: string }
  | { id: number; kind: "unauthorised" | "access" };

export type Dialogs = {
  /**
   * A success, confirmed by a toast (top right, announced politely) rather than the spec's 13-second popup, which
   * blocked the next action: the spec's dialog as a toast, titled as the spec titles it ('Hurray!' unless the spec
   * names another title, as 'Success' for a zone's change) with the spec's text, word for word, under the title.
   */
  success(text: string, title?: string): void;
  /** The generic error popup (closes itself after 13 s). */
  error(text: string, title?: string): void;
  /** The unauthorised popup: sends the browser to login after 13 s or at once on Close. */
  unauthorised(): void;
  /** The 'not accessible through your login' warning dialog. */
  accessWarning(): void;
};

const DialogsContext = createContext<Dialogs | null>(null);

/** The shell's popups (error, unauthorised, access warning) and success toasts; one popup at a time, the newest wins. */
export function useDialogs(): Dialogs {
  const d = useContext(DialogsContext);
  if (!d) throw new Error("useDialogs() needs a <DialogProvider> above it");
  return d;
}

/**
 * The usual answer to a failed action: no session → login page; no permission → the unauthorised popup;
 * anything else → the error popup with the server's message.
 */
export function reportFailure(d: Dialogs, r: { status: number; message: string }): void {
  if (r.status === 401) goToLogin();
  else if (r.status === 403) d.unauthorised();
  else d.error(r.message || "Something went wrong. Please try again.");
}

let nextId = 1;

export function DialogProvider({ children }: { children: React.ReactNode }) {
  const [popup, setPopup] = useState<Popup | null>(null);
  // The control the user last used outside a dialog: a popup opens after an action (a save, a delete confirmed in
  // another dialog), not from a trigger of its own, so on closing it gives focus back to that control.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const el = e.target;
      if (el instanceof HTMLElement && !el.closest('[role="dialog"],[role="alertdialog"]'))
        opener.current = el;
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);
  const returnFocus = (e: Event) => {
    const el = opener.current;
    if (el?.isConnected && !el.matches(":disabled")) {
      e.preventDefault();
      el.focus();
    }
  };

  const api = useMemo<Dialogs>(
    () => ({
      success: (text, title = SUCCESS_TITLE) =>
        void toast.success(title, {
          description: text,
          duration: TOAST_SECONDS * 1000,
          testId: "success-toast",
        }),
      error: (text, title = "Error") => setPopup({ id: nextId++, kind: "error", title, text }),
      unauthorised: () => setPopup({ id: nextId++, kind: "unauthorised" }),
      accessWarning: () => setPopup({ id: nextId++, kind: "access" }),
    }),
    [],
  );

  // Closing the unauthorised popup (by hand or by its timer) sends the browser to login.
  const dismiss = (p: Popup | null) => {
    if (p?.kind === "unauthorised") goToLogin();
    setPopup(null);
  };

  // Success, error and unauthorised popups time out; the access warning stays until closed.
  useEffect(() => {
    if (!popup || popup.kind === "access") return;
    const t = window.setTimeout(() => {
      if (popup.kind === "unauthorised") goToLogin();
      setPopup(null);
    }, POPUP_SECONDS * 1000);
    return () => window.clearTimeout(t);
  }, [popup]);

  return (
    <DialogsContext.Provider value={api}>
      {children}
      <Dialog open={popup != null} onOpenChange={(open) => (open ? undefined : dismiss(popup))}>
        {popup ? (
          <PopupContent
            key={popup.id}
            popup={popup}
            onClose={() => dismiss(popup)}
            onCloseAutoFocus={returnFocus}
          />
        ) : null}
      </Dialog>
    </DialogsContext.Provider>
  );
}

function PopupContent({
  popup,
  onClose,
  onCloseAutoFocus,
}: {
  popup: Popup;
  onClose: () => void;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const view = describe(popup);
  const Icon = view.icon;
  return (
    <DialogContent data-testid={view.testId} className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader className="items-center text-center sm:text-center">
        <span className={`mb-1 flex size-12 items-center justify-center rounded-full ${view.iconClass}`}>
          <Icon className="size-6" aria-hidden />
        </span>
        <DialogTitle>{view.title}</DialogTitle>
        <DialogDescription className="text-center text-slate-600">{view.text}</DialogDescription>
      </DialogHeader>
      <DialogFooter className="sm:justify-center">
        <Button type="button" onClick={onClose} variant="outline">
          Close
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

function describe(p: Popup) {
  switch (p.kind) {
    case "error":
      return {
        testId: "error-popup",
        title: p.title,
        text: p.text,
        icon: CircleAlert,
        iconClass: "bg-red-50 text-red-600",
      };
    case "unauthorised":
      return {
        testId: "unauthorised-popup",
        title: "Unauthorised",
        text: UNAUTHORISED_TEXT,
        icon: ShieldAlert,
        iconClass: "bg-red-50 text-red-600",
      };
    case "access":
      return {
        testId: "access-warning-popup",
        title: "Warning",
        text: ACCESS_WARNING_TEXT,
        icon: TriangleAlert,
        iconClass: "bg-amber-50 text-amber-600",
      };
  }
}
