// The `next-id` widget: a whole number, which for a new entry (an empty value) is filled with the
// next free id of its kind (`id_kind`), asked of the edit server (GET /api/admin/next-ids). A
// deployed admin has no such server: the ids are those of what it has loaded, the event pages its
// list read and the settings files (read through its backend). Ids handed out in this page and not
// yet saved (two new performances) are not handed out twice; the check before a save refuses a
// duplicate all the same.
import { nextIdsOf } from "../next-free-ids.js";
import { decap, type ControlProps } from "./decap.js";
import { pagesRead } from "./entry-check.js";
import { pagesListed } from "./list-every-page.js";
import { settingsRead } from "./settings-read.js";

const NEXT_IDS = "../api/admin/next-ids";

/** The largest id proposed so far in this page, by kind. */
const handedOut = new Map<string, number>();
let nextIds: Promise<Record<string, number> | null> | null = null;

/** The server's next free ids, else those of what the admin has loaded; asked again after a save (the files changed). */
function askNextIds(): Promise<Record<string, number> | null> {
  nextIds ??= fetch(NEXT_IDS, { headers: { Accept: "application/json" } })
    .then((r) => (r.ok ? (r.json() as Promise<Record<string, number>>) : null))
    .catch(() => null)
    .then((ids) => ids ?? loadedNextIds());
  return nextIds;
}

/** The next free ids of the pages read and the settings files; none before the list has read the pages (an id would then clash). */
async function loadedNextIds(): Promise<Record<string, number> | null> {
  const settings = await settingsRead();
  if (!pagesListed() || settings === null) return null;
  const pages = pagesRead();
  const values = (name: "catalogue" | "images" | "venues" | "programs" | "genres" | "accessibility") => (settings[name] ? [settings[name]!.data] : []);
  return nextIdsOf({ pages, catalogue: values("catalogue"), images: values("images"), venues: values("venues"), programs: values("programs"), genres: values("genres"), accessibility: values("accessibility") });
}

/**
 * Fills run one after another, a moment apart: the widgets of one object (a performance's id and
 * ticketing code) fill together, and Decap merges each change into the object as it last rendered
 * it, so a second change in the same moment would drop the first.
 */
let filling: Promise<void> = Promise.resolve();
function fillInTurn(fill: () => void): void {
  filling = filling.then(() => new Promise<void>((resolve) => setTimeout(() => {
    fill();
    resolve();
  }, 30)));
}

export function forgetNextIds(): void {
  nextIds = null;
}

/** The id to propose for `kind`: the server's next free one, past any handed out in this page. */
export async function proposeId(kind: string): Promise<number | null> {
  const ids = await askNextIds();
  const free = ids?.[kind];
  if (typeof free !== "number") return null;
  const id = Math.max(free, (handedOut.get(kind) ?? 0) + 1);
  handedOut.set(kind, id);
  return id;
}

interface NextIdControl {
  props: ControlProps;
  state: { text: string };
  setState: (state: { text: string }) => void;
  mounted?: boolean;
  /** The id this widget proposed, while the field still shows it. */
  proposed?: number;
}

const asText = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? String(value) : typeof value === "string" ? value : "");

export function registerNextIdWidget(): void {
  const { CMS, h, createClass } = decap();
  const control = createClass({
    getInitialState(this: NextIdControl) {
      return { text: asText(this.props.value) };
    },
    componentDidMount(this: NextIdControl) {
      this.mounted = true;
      if (asText(this.props.value) !== "") return;
      const kind = String(this.props.field.get("id_kind") ?? "");
      void proposeId(kind).then((id) => {
        // Filled only if the editor has not typed one meanwhile.
        if (id === null) return;
        fillInTurn(() => {
          if (!this.mounted || asText(this.props.value) !== "") return;
          this.proposed = id;
          this.setState({ text: String(id) });
          this.props.onChange(id);
        });
      });
    },
    componentWillUnmount(this: NextIdControl) {
      this.mounted = false;
    },
    componentDidUpdate(this: NextIdControl, previous: { value: unknown }) {
      // A change of another field of the same object in the same moment (a performance's date typed
      // as its id is proposed) can be merged into the object as it was before the id: the field
      // shows the proposed id, the entry lost it. It is given again, in turn.
      const proposed = this.proposed;
      if (proposed !== undefined && asText(this.props.value) === "" && this.state.text === String(proposed)) {
        fillInTurn(() => {
          if (this.mounted && asText(this.props.value) === "" && this.state.text === String(proposed)) this.props.onChange(proposed);
        });
        return;
      }
      if (previous.value !== this.props.value && asText(this.props.value) !== this.state.text && Number(this.state.text) !== this.props.value) {
        this.setState({ text: asText(this.props.value) });
      }
    },
    // No isValid of its own: what is not an id is refused by the check before a save, in the
    // build's words and on this field, which Decap does not show for a field inside a folded box
    // (Advanced) and would leave the save blocked without saying why.
    render(this: NextIdControl) {
      const { onChange, forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
      return h("input", {
        id: forID,
        type: "number",
        min: 1,
        step: 1,
        inputMode: "numeric",
        className: classNameWrapper,
        value: this.state.text,
        onFocus: setActiveStyle,
        onBlur: setInactiveStyle,
        onChange: (e: { target: { value: string } }) => {
          const text = e.target.value;
          // Typed by the editor: no longer the proposal to keep.
          this.proposed = undefined;
          this.setState({ text });
          // A whole number is kept as a number; anything else as typed, for the field's check to refuse.
          onChange(/^\d+$/.test(text) ? Number(text) : text === "" ? null : text);
        },
      });
    },
  });
  CMS.registerWidget("next-id", control);
}
