// A stylesheet of the extension's own, added to the admin's page once (a widget mounted again adds nothing).

/** Adds `css` to the page's head as the stylesheet `id`, unless it is there already. */
export function addStyleOnce(id: string, css: string): void {
  if (document.getElementById(id)) return;
  const style = document.createElement("style");
  style.id = id;
  style.textContent = css;
  document.head.append(style);
}
