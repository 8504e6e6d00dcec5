// The `html` widget: a rich text fragment, written in the rich text editor (rich-text/editor.ts)
// in Wagtail's stored form, with its HTML one click away. The HTML's preview renders in a
// sandboxed frame with scripts off, so a fragment that the build's sanitizer would refuse cannot
// run in the admin either; its Wagtail links by id and embeds show as the page's title and the
// picture (rich-text-preview.ts).
import { decap, type ControlProps } from "./decap.js";
import { learn, readablePreview, STORED_STYLE, type Known } from "./rich-text-preview.js";
import { pagesRead } from "./entry-check.js";
import { imageChoices, pageChoices } from "./rich-text/chooser-sources.js";
import type { Choosers } from "./rich-text/choosers.js";
import { mountEditor, type MountedEditor } from "./rich-text/editor.js";

interface HtmlControl {
  props: ControlProps;
  state: { source: boolean };
  setState: (state: { source: boolean }) => void;
  root?: HTMLElement | null;
  editor?: MountedEditor;
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

/** A page's title among the pages the admin has read (the list's, entry-check.ts). */
function pageTitle(id: number): string | undefined {
  const page = pagesRead().find((p) => p.id === id);
  return typeof page?.title === "string" ? page.title : undefined;
}

/** Registers the widget; `pages` lists the pages a link may name (the event folders and their new pages' extension). */
export function registerHtmlWidget(pages: { folders: readonly string[]; extension: string }): void {
  const { CMS, h, createClass } = decap();
  const control = createClass({
    ...learning(textOf),
    getInitialState: () => ({ source: false }),
    componentDidMount(this: HtmlControl & Learning) {
      learning(textOf).componentDidMount.call(this);
      if (!this.root) return;
      const props = this.props;
      const choosers: Choosers = {
        pages: () => pageChoices(pages.folders, pages.extension),
        images: imageChoices,
        // The original from the admin's media store (the edit server, or GitHub), as the image chooser shows it.
        picture: (file) => {
          const src = String(this.props.getAsset(file, this.props.field) ?? "");
          return src && !/empty\.svg/.test(src) ? src : null;
        },
      };
      this.editor = mountEditor(this.root, {
        value: textOf(props as unknown as Record<string, unknown>),
        onChange: (html) => this.props.onChange(html),
        onSourceShown: (source) => !this.gone && this.state.source !== source && this.setState({ source }),
        choosers,
        pageTitle,
        id: props.forID,
      });
    },
    componentDidUpdate(this: HtmlControl & Learning) {
      learning(textOf).componentDidUpdate.call(this);
      this.editor?.update(textOf(this.props as unknown as Record<string, unknown>));
    },
    componentWillUnmount(this: HtmlControl & Learning) {
      this.gone = true;
      this.editor?.destroy();
    },
    render(this: HtmlControl) {
      const text = textOf(this.props as unknown as Record<string, unknown>);
      return h("div", null,
        h("div", { ref: (el: HTMLElement | null) => (this.root = el), onFocus: this.props.setActiveStyle, onBlur: this.props.setInactiveStyle }),
        this.state.source ? h("div", { style: { marginTop: "8px", fontSize: "12px", color: "#798291" } }, "Preview (the build keeps only allowed tags and links: see the hint)") : null,
        this.state.source ? sandboxedPreview(text) : null,
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
