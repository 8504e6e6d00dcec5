// The `html` widget: a rich text fragment edited as HTML, as the content keeps it (never turned
// into Markdown), with a preview beneath. The preview renders in a sandboxed frame with scripts
// off, so a fragment that the build's sanitizer would refuse cannot run in the admin either; its
// Wagtail links by id and embeds show as the page's title and the picture (rich-text-preview.ts).
import { decap, type ControlProps } from "./decap.js";
import { learn, readablePreview, STORED_STYLE, type Known } from "./rich-text-preview.js";

interface HtmlControl {
  props: ControlProps;
}

/** What every preview has learnt of the pages and images rich text names. */
const known: Known = { pages: new Map(), images: new Map() };

/** A frame that shows `html` with nothing allowed to run (sandbox without allow-scripts). */
export function sandboxedPreview(html: string, className?: string) {
  const { h } = decap();
  const doc = `<!doctype html><meta charset="utf-8"><style>body{font:15px/1.5 system-ui,sans-serif;margin:8px;color:#333}${STORED_STYLE}</style>${readablePreview(html, known)}`;
  // The frame cannot tell its height (no script runs in it): room for each picture the text places, and a handle to resize.
  const pictures = Math.min(3, html.split('embedtype="image"').length - 1);
  const minHeight = `${120 + 240 * pictures}px`;
  return h("iframe", { sandbox: "", srcDoc: doc, title: "Preview of the HTML", className, style: { width: "100%", minHeight, resize: "vertical", border: "1px solid #dfdfe3", borderRadius: "4px", background: "#fff" } });
}

interface Learning {
  props: Record<string, unknown>;
  forceUpdate: () => void;
  gone?: boolean;
  /** Answers asked for again so far (the API rebuilding after a save): a few, a second apart. */
  retries?: number;
}

/** How often an answer that may change is asked for again. */
const RETRIES = 20;

/** Component methods that look up what the text names, and show it once known. */
const learning = (text: (props: Record<string, unknown>) => string) => {
  function look(this: Learning) {
    void learn(text(this.props), known).then((found) => {
      if (this.gone) return;
      if (found === "learnt") this.forceUpdate();
      else if (found === "again" && (this.retries ?? 0) < RETRIES) {
        this.retries = (this.retries ?? 0) + 1;
        setTimeout(() => !this.gone && this.forceUpdate(), 1000);
      }
    });
  }
  return {
    componentDidMount: look,
    componentDidUpdate: look,
    componentWillUnmount(this: Learning) {
      this.gone = true;
    },
  };
};

const textOf = (props: Record<string, unknown>) => (typeof props.value === "string" ? props.value : "");

export function registerHtmlWidget(): void {
  const { CMS, h, createClass } = decap();
  const control = createClass({
    ...learning(textOf),
    render(this: HtmlControl) {
      const { value, onChange, forID, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
      const text = typeof value === "string" ? value : "";
      return h("div", null,
        h("textarea", {
          id: forID,
          className: classNameWrapper,
          value: text,
          spellCheck: true,
          rows: Math.min(24, Math.max(6, text.split("\n").length + 1)),
          style: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "13px", minHeight: "140px" },
          onChange: (e: { target: { value: string } }) => onChange(e.target.value),
          onFocus: setActiveStyle,
          onBlur: setInactiveStyle,
        }),
        h("div", { style: { marginTop: "8px", fontSize: "12px", color: "#798291" } }, "Preview (the build keeps only allowed tags and links: see the hint)"),
        sandboxedPreview(text),
      );
    },
  });
  const preview = createClass({
    ...learning(textOf),
    render(this: { props: { value: unknown } }) {
      return sandboxedPreview(typeof this.props.value === "string" ? this.props.value : "");
    },
  });
  CMS.registerWidget("html", control, preview);
}
