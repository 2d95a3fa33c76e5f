// Plain (not a client module): the server's month grid calls it (a client module's export is only a reference there).

/** The attributes that make a server-rendered button open its day in the grid's DayOpener. */
export const dayButton = (date: string, plansHref: string) => ({
  type: "button" as const,
  "aria-haspopup": "dialog" as const,
  "data-day": date,
  "data-plans": plansHref,
});
