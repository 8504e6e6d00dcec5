// The `publication` widget, on an event page's `live` key: the page's status in words (Draft,
// Scheduled with its go-live, Live with its expiry, Expired), worked out from the form as the
// build will (publication.ts), and the actions of Wagtail's page editor that set it: Make draft
// (live: false), Make live (the key removed: live is the default; with a go-live ahead, the page
// is scheduled). Scheduling is the "Go live at" field below it. The save itself is Decap's Publish.
import { decap, type ControlProps, type ImmutableMap } from "./decap.js";
import { nowOf, statusOf, statusText } from "./publication.js";

interface PublicationControl {
  props: ControlProps & { entry: ImmutableMap; getEntry?: () => ImmutableMap };
  state: { kind: string; text: string };
  setState: (state: { kind: string; text: string }) => void;
  timer?: ReturnType<typeof setInterval>;
}

/**
 * Decap renders a field again only when its own value changes, and gives it the entry as it was
 * then: the status is read from the entry as it is now (getEntry), a few times a second, so it
 * follows the go-live and expiry fields as they are typed.
 */
const FOLLOW_MS = 250;

function statusNow(control: PublicationControl, live: unknown): { kind: string; text: string } {
  const { field, entry, getEntry } = control.props;
  const zone = String(field.get("time_zone") ?? "UTC");
  const data = ((getEntry ? getEntry() : entry)?.get("data") as ImmutableMap | undefined)?.toJS() as Record<string, unknown> | undefined;
  const status = statusOf({ ...data, live }, zone, nowOf(field.get("now"), zone));
  return { kind: status.kind, text: statusText(status, zone) };
}

export function registerPublicationWidget(): void {
  const { CMS, h, createClass } = decap();
  const control = createClass({
    getInitialState(this: PublicationControl) {
      return statusNow(this, this.props.value);
    },
    componentDidMount(this: PublicationControl) {
      this.timer = setInterval(() => {
        const now = statusNow(this, this.props.value);
        if (now.text !== this.state.text) this.setState(now);
      }, FOLLOW_MS);
    },
    componentWillUnmount(this: PublicationControl) {
      clearInterval(this.timer);
    },
    // Decap asks a widget whether its value is valid: any of true, false or none is.
    isValid() {
      return true;
    },
    render(this: PublicationControl) {
      const { forID, classNameWrapper, onChange } = this.props;
      const { kind, text } = this.state;
      const set = (value: boolean | null) => {
        onChange(value);
        this.setState(statusNow(this, value));
      };
      const button = (label: string, value: boolean | null, name: string) =>
        h("button", { type: "button", "data-action": name, onClick: () => set(value), style: { marginRight: "8px", padding: "6px 12px", borderRadius: "4px", border: "1px solid #3a69c7", background: "#fff", color: "#3a69c7", font: "600 14px system-ui, sans-serif", cursor: "pointer" } }, label);
      const draft = kind === "draft";
      return h(
        "div",
        { id: forID, className: classNameWrapper, "data-status": kind, style: { padding: "12px 16px" } },
        h("p", { style: { margin: "0 0 8px", font: "600 15px system-ui, sans-serif" }, "data-status-text": "" }, text),
        draft ? button("Make live", null, "make-live") : button("Make draft (unpublish)", false, "make-draft"),
        h("span", { style: { font: "13px system-ui, sans-serif", color: "#798291" } }, draft ? " then Publish to save. To schedule, set Go live at below." : " then Publish to save."),
      );
    },
  });
  CMS.registerWidget("publication", control);
}
