// The rich text editor an editor writes in without seeing a tag: ProseMirror over the stored-form
// schema, with a toolbar of what Wagtail's editor offers (paragraph, headings 2-4, bold, italic,
// lists, a rule, a link, a link to a page, an image, a media embed) and the HTML one click away.
// Before or after a picture or a video, where no text is, the arrow keys place a cursor (a gap
// cursor) where typing starts a new paragraph.
// The field's text changes only when the editor edits it, so a text opened and left alone keeps
// its bytes; an edited text is written in Wagtail's stored form (stored-html.ts).
import { baseKeymap, setBlockType, toggleMark } from "prosemirror-commands";
import { GapCursor, gapCursor } from "prosemirror-gapcursor";
import { history, redo, undo } from "prosemirror-history";
import { keymap } from "prosemirror-keymap";
import type { MarkType, Node as ProseNode, NodeType } from "prosemirror-model";
import { liftListItem, sinkListItem, splitListItem, wrapInList } from "prosemirror-schema-list";
import { EditorState, NodeSelection, TextSelection, type Command } from "prosemirror-state";
import { EditorView } from "prosemirror-view";
import { blockKeys } from "./block-keys.js";
import { followPicture } from "../follow-picture.js";
import { addStyleOnce } from "../page-style.js";
import { chooseImage, chooseMedia, choosePage, chooseUrl, type Choosers } from "./choosers.js";
import { editableDoc } from "./faithful.js";
import { storedHtml } from "./stored-html.js";
import { storedSchema as schema } from "./stored-schema.js";

export interface EditorOptions {
  /** The field's text as the file holds it. */
  value: string;
  /** Called with the stored form after each edit (never on opening). */
  onChange: (html: string) => void;
  /** Told when the field turns to HTML or back (the widget shows the HTML's preview). */
  onSourceShown: (shown: boolean) => void;
  choosers: Choosers;
  /** A page's title among the pages the admin has read (a link to a page shows it on hover). */
  pageTitle?: (id: number) => string | undefined;
  /** The field's id, for its label. */
  id: string;
}

export interface MountedEditor {
  /** The field's value changed from outside (Decap reset it): shown, unless it is what the editor last wrote. */
  update(value: string): void;
  destroy(): void;
}

const STYLE = `
.bc-rte{border:2px solid #dfdfe3;border-radius:5px;background:#fff}
.bc-rte:focus-within{border-color:#3a69c7}
.bc-rte-toolbar{display:flex;flex-wrap:wrap;gap:2px;padding:4px;border-bottom:1px solid #dfdfe3;background:#f7f8fa;position:sticky;top:0;z-index:1}
.bc-rte-toolbar button,.bc-rte-toolbar select{font:13px system-ui,sans-serif;min-width:30px;height:30px;padding:0 8px;border:1px solid transparent;border-radius:4px;background:none;color:#313d3e;cursor:pointer}
.bc-rte-toolbar button:hover{background:#e8eaef}
.bc-rte-toolbar button[aria-pressed=true]{background:#dfe8f8;border-color:#b3c5ec}
.bc-rte-toolbar button:disabled{opacity:.4;cursor:default}
.bc-rte-toolbar .bc-sep{width:1px;background:#dfdfe3;margin:4px}
.bc-rte .ProseMirror{white-space:pre-wrap;word-wrap:break-word;outline:none;min-height:120px;padding:8px 12px;font:15px/1.5 system-ui,sans-serif;color:#333}
.bc-rte .ProseMirror a{color:#3a69c7}
.bc-rte .ProseMirror a.stored-link{text-decoration:underline dotted}
.bc-rte .ProseMirror a.stored-link[data-linktype=document]::after{content:" (document)";color:#798291;font-size:.85em}
.bc-rte .stored-embed{margin:8px 0;padding:8px;border:1px dashed #c7cbd4;border-radius:4px;background:#f7f8fa;font-size:13px;color:#5c6370;word-break:break-all}
.bc-rte .stored-image.left{float:left;width:45%;margin-right:12px}
.bc-rte .stored-image.right{float:right;width:45%;margin-left:12px}
.bc-rte .stored-embed.ProseMirror-selectednode{outline:2px solid #3a69c7}
.bc-rte .ProseMirror hr{clear:both}
.bc-rte .ProseMirror{position:relative}
.bc-rte .ProseMirror-gapcursor{display:none;pointer-events:none;position:absolute}
.bc-rte .ProseMirror-gapcursor:after{content:"";display:block;position:absolute;top:-2px;width:20px;border-top:2px solid #3a69c7}
.bc-rte .ProseMirror-focused .ProseMirror-gapcursor{display:block}
.bc-rte [hidden]{display:none!important}
.bc-rte .ProseMirror h2{font-size:1.5em;margin:.6em 0 .3em}
.bc-rte .ProseMirror h3{font-size:1.25em;margin:.6em 0 .3em}
.bc-rte .ProseMirror h4{font-size:1.1em;margin:.6em 0 .3em}
.bc-rte .ProseMirror p{margin:0 0 .6em}
.bc-rte .ProseMirror ul,.bc-rte .ProseMirror ol{padding-left:1.6em;margin:0 0 .6em}
.bc-rte .ProseMirror ul{list-style:disc}
.bc-rte .ProseMirror ol{list-style:decimal}
.bc-rte .stored-image img{display:block;max-width:100%;height:auto;margin-bottom:4px}
.bc-rte-source{display:block;width:100%;box-sizing:border-box;min-height:160px;border:0;padding:8px 12px;font:13px ui-monospace,SFMono-Regular,Menlo,monospace;resize:vertical}
.bc-rte-notice{margin:0;padding:6px 12px;font:13px system-ui,sans-serif;color:#7a4d00;background:#fff7e0;border-bottom:1px solid #f0dca8}
`;

const addStyle = () => addStyleOnce("bc-rte-style", STYLE);

const markActive = (state: EditorState, type: MarkType): boolean => {
  const { from, to, empty, $from } = state.selection;
  return empty ? Boolean(type.isInSet(state.storedMarks ?? $from.marks())) : state.doc.rangeHasMark(from, to, type);
};

/** The text block the selection starts in, and whether it is in a list of `type`. */
const blockAt = (state: EditorState): ProseNode => state.selection.$from.parent;
const inList = (state: EditorState, type: NodeType): boolean => {
  const $from = state.selection.$from;
  for (let d = $from.depth; d > 0; d--) if ($from.node(d).type === type) return true;
  return false;
};

/** Turns the selection's text blocks into a list of `type`, or out of it when they are in one. */
const toggleList = (type: NodeType): Command => (state, dispatch) => {
  if (inList(state, type)) return liftListItem(schema.nodes.list_item!)(state, dispatch);
  const other = type === schema.nodes.bullet_list ? schema.nodes.ordered_list! : schema.nodes.bullet_list!;
  if (inList(state, other)) {
    // From one kind of list to the other: the list around the selection changes its type.
    const $from = state.selection.$from;
    for (let d = $from.depth; d > 0; d--) {
      if ($from.node(d).type === other) {
        if (dispatch) dispatch(state.tr.setNodeMarkup($from.before(d), type));
        return true;
      }
    }
  }
  return wrapInList(type)(state, dispatch);
};

/** Puts a block node (an image, a media embed, a rule) where the selection is, the cursor after it (so a second one goes after the first). */
const insertBlock = (node: ProseNode): Command => (state, dispatch) => {
  if (!dispatch) return true;
  const tr = state.tr.replaceSelectionWith(node);
  if (tr.selection instanceof NodeSelection) {
    const $after = tr.doc.resolve(tr.selection.to);
    if ($after.nodeAfter?.isTextblock) tr.setSelection(TextSelection.create(tr.doc, $after.pos + 1));
    // Between blocks of the text's top level with no text block after: where a gap cursor stands.
    else if ($after.depth === 0) tr.setSelection(new GapCursor($after));
  }
  dispatch(tr.scrollIntoView());
  return true;
};

/** Marks the selection as a link (`attrs` null removes any link); with nothing selected, inserts `text` as the link. */
function setLink(view: EditorView, type: MarkType, attrs: Record<string, string> | null, text: string): void {
  const { state } = view;
  const { from, to, empty } = state.selection;
  const tr = state.tr;
  const links = [schema.marks.link!, schema.marks.stored_link!];
  if (empty && attrs) {
    tr.insert(from, schema.text(text, [type.create(attrs)]));
    tr.setSelection(TextSelection.create(tr.doc, from + text.length));
  } else {
    for (const link of links) tr.removeMark(from, to, link);
    if (attrs) tr.addMark(from, to, type.create(attrs));
  }
  view.dispatch(tr.scrollIntoView());
  view.focus();
}

/** The link mark the selection is in, if any. */
const linkAt = (state: EditorState) => {
  const marks = state.selection.empty ? state.selection.$from.marks() : (() => {
    let found: ReturnType<EditorState["selection"]["$from"]["marks"]> = [];
    state.doc.nodesBetween(state.selection.from, state.selection.to, (node) => {
      if (node.isText && found.length === 0) found = node.marks;
    });
    return found;
  })();
  return marks.find((m) => m.type === schema.marks.link || m.type === schema.marks.stored_link) ?? null;
};

interface Tool {
  label: string;
  /** Shown on the button (its accessible name is `label`). */
  face: string;
  run: (view: EditorView) => void;
  active?: (state: EditorState) => boolean;
  enabled?: (state: EditorState) => boolean;
  style?: string;
}

const command = (c: Command) => (view: EditorView) => {
  c(view.state, view.dispatch, view);
  view.focus();
};

function tools(choosers: Choosers): Array<Tool | "|"> {
  const { nodes, marks } = schema;
  const heading = (level: number): Tool => ({
    label: `Heading ${level}`,
    face: `H${level}`,
    run: command(setBlockType(nodes.heading!, { level })),
    active: (s) => blockAt(s).type === nodes.heading && blockAt(s).attrs.level === level,
    enabled: (s) => setBlockType(nodes.heading!, { level })(s),
  });
  return [
    { label: "Paragraph", face: "¶", run: command(setBlockType(nodes.paragraph!)), active: (s) => blockAt(s).type === nodes.paragraph && !inList(s, nodes.list_item!) },
    heading(2),
    heading(3),
    heading(4),
    "|",
    { label: "Bold", face: "B", style: "font-weight:700", run: command(toggleMark(marks.bold!)), active: (s) => markActive(s, marks.bold!), enabled: (s) => toggleMark(marks.bold!)(s) },
    { label: "Italic", face: "I", style: "font-style:italic", run: command(toggleMark(marks.italic!)), active: (s) => markActive(s, marks.italic!), enabled: (s) => toggleMark(marks.italic!)(s) },
    "|",
    { label: "Bulleted list", face: "• List", run: command(toggleList(nodes.bullet_list!)), active: (s) => inList(s, nodes.bullet_list!) },
    { label: "Numbered list", face: "1. List", run: command(toggleList(nodes.ordered_list!)), active: (s) => inList(s, nodes.ordered_list!) },
    { label: "Horizontal line", face: "—", run: (view) => command(insertBlock(nodes.horizontal_rule!.create()))(view) },
    "|",
    {
      label: "Link",
      face: "Link",
      active: (s) => linkAt(s)?.type === marks.link,
      run: (view) => {
        const current = linkAt(view.state);
        void chooseUrl(current?.type === marks.link ? String(current.attrs.href) : "").then((answer) => {
          if (answer === null) return view.focus();
          setLink(view, marks.link!, answer === "" ? null : { href: answer }, answer);
        });
      },
    },
    {
      label: "Link to a page",
      face: "Page link",
      active: (s) => linkAt(s)?.type === marks.stored_link,
      run: (view) => {
        void choosePage(choosers).then((page) => {
          if (page === undefined) return view.focus();
          setLink(view, marks.stored_link!, page === null ? null : { id: String(page.id), linktype: "page" }, page?.title ?? "");
        });
      },
    },
    {
      label: "Image",
      face: "Image",
      run: (view) => {
        void chooseImage(choosers).then((image) => {
          if (image === null) return view.focus();
          command(insertBlock(nodes.image!.create({ id: String(image.id), format: image.format, alt: image.alt })))(view);
        });
      },
    },
    {
      label: "Media",
      face: "Media",
      run: (view) => {
        void chooseMedia().then((url) => {
          if (url === null) return view.focus();
          command(insertBlock(nodes.media!.create({ url })))(view);
        });
      },
    },
    "|",
    { label: "Undo", face: "↶", run: command(undo), enabled: (s) => undo(s) },
    { label: "Redo", face: "↷", run: command(redo), enabled: (s) => redo(s) },
  ];
}

const keys = () =>
  keymap({
    "Mod-b": toggleMark(schema.marks.bold!),
    "Mod-i": toggleMark(schema.marks.italic!),
    "Mod-z": undo,
    "Shift-Mod-z": redo,
    "Mod-y": redo,
    Enter: splitListItem(schema.nodes.list_item!),
    Tab: sinkListItem(schema.nodes.list_item!),
    "Shift-Tab": liftListItem(schema.nodes.list_item!),
    "Shift-Enter": (state, dispatch) => {
      if (dispatch) dispatch(state.tr.replaceSelectionWith(schema.nodes.hard_break!.create()).scrollIntoView());
      return true;
    },
  });

/** An image placed in the text as the editor shows it: its picture and title (once the images are read), format and alt text. */
function imageViews(images: ReadonlyMap<number, { title: string; file: string }>, picture: Choosers["picture"]) {
  return {
    image: (node: ProseNode) => {
      const dom = document.createElement("figure");
      const image = images.get(Number(node.attrs.id));
      dom.className = `stored-embed stored-image ${String(node.attrs.format)}`;
      dom.dataset.imageId = String(node.attrs.id);
      const caption = document.createElement("figcaption");
      const alt = node.attrs.alt ? `, alt text "${String(node.attrs.alt)}"` : "";
      caption.textContent = `Image: ${image?.title ?? `id ${String(node.attrs.id)}`} (${String(node.attrs.format)})${alt}`;
      dom.append(caption);
      // The picture from the admin's media store, once it has it.
      if (image && picture) {
        const img = document.createElement("img");
        img.alt = "";
        dom.prepend(img);
        followPicture(img, () => picture(image.file));
      }
      return { dom };
    },
  };
}

const stateOf = (doc: ProseNode) => EditorState.create({ doc, plugins: [history(), keys(), keymap(baseKeymap), gapCursor(), blockKeys()] });

/** Mounts the editor in `root`. */
export function mountEditor(root: HTMLElement, options: EditorOptions): MountedEditor {
  addStyle();
  const box = document.createElement("div");
  box.className = "bc-rte";
  const toolbar = document.createElement("div");
  toolbar.className = "bc-rte-toolbar";
  toolbar.setAttribute("role", "toolbar");
  toolbar.setAttribute("aria-label", "Rich text");
  const notice = document.createElement("p");
  notice.className = "bc-rte-notice";
  notice.setAttribute("role", "status");
  notice.hidden = true;
  const host = document.createElement("div");
  const source = document.createElement("textarea");
  source.className = "bc-rte-source";
  source.setAttribute("aria-label", "HTML");
  source.spellcheck = true;
  source.hidden = true;
  box.append(toolbar, notice, host, source);
  root.append(box);

  /** What the field holds as the editor last wrote it or was given it. */
  let last = options.value;
  let inSource = false;
  let destroyed = false;
  const buttons: Array<{ tool: Tool; button: HTMLButtonElement }> = [];

  const view = new EditorView(host, {
    state: stateOf(schema.nodes.doc!.createAndFill()!),
    nodeViews: imageViews(new Map(), undefined),
    markViews: {
      // A link to a page named by its title on hover, as Wagtail's editor shows it.
      stored_link: (mark) => {
        const a = document.createElement("a");
        const id = Number(mark.attrs.id);
        const type = String(mark.attrs.linktype);
        a.className = "stored-link";
        a.dataset.linktype = type;
        const title = type === "page" ? options.pageTitle?.(id) : undefined;
        a.title = type === "page" ? `Page ${id}${title ? `: ${title}` : ""}` : `${type[0]!.toUpperCase()}${type.slice(1)} ${id}`;
        return { dom: a };
      },
    },
    attributes: { "aria-label": "Text", role: "textbox", "aria-multiline": "true", ...(options.id ? { id: options.id } : {}) },
    dispatchTransaction(tr) {
      const state = view.state.apply(tr);
      view.updateState(state);
      refresh();
      if (!tr.docChanged) return;
      last = storedHtml(state.doc);
      options.onChange(last);
    },
  });

  // Images are named by their titles once images.json is read.
  void options.choosers.images().then(({ images }) => {
    if (!destroyed) view.setProps({ nodeViews: imageViews(new Map(images.map((i) => [i.id, i])), options.choosers.picture) });
  }, () => undefined);

  const refresh = () => {
    for (const { tool, button } of buttons) {
      button.disabled = inSource || (tool.enabled ? !tool.enabled(view.state) : false);
      if (tool.active) button.setAttribute("aria-pressed", String(!inSource && tool.active(view.state)));
    }
  };

  for (const tool of tools(options.choosers)) {
    if (tool === "|") {
      const sep = document.createElement("span");
      sep.className = "bc-sep";
      toolbar.append(sep);
      continue;
    }
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = tool.face;
    button.title = tool.label;
    button.setAttribute("aria-label", tool.label);
    if (tool.style) button.setAttribute("style", tool.style);
    // The selection stays in the text while the toolbar is clicked.
    button.addEventListener("mousedown", (e) => e.preventDefault());
    button.addEventListener("click", () => tool.run(view));
    buttons.push({ tool, button });
    toolbar.append(button);
  }
  const sourceButton = document.createElement("button");
  sourceButton.type = "button";
  sourceButton.textContent = "HTML";
  sourceButton.title = "Edit the HTML";
  sourceButton.setAttribute("aria-label", "HTML");
  sourceButton.setAttribute("aria-pressed", "false");
  sourceButton.style.marginLeft = "auto";
  toolbar.append(sourceButton);

  const say = (text: string | null) => {
    notice.hidden = text === null;
    notice.textContent = text ?? "";
  };

  const showSource = (shown: boolean) => {
    inSource = shown;
    host.hidden = shown;
    source.hidden = !shown;
    sourceButton.setAttribute("aria-pressed", String(shown));
    sourceButton.setAttribute("aria-label", shown ? "Editor" : "HTML");
    sourceButton.textContent = shown ? "Editor" : "HTML";
    sourceButton.title = shown ? "Back to the editor" : "Edit the HTML";
    refresh();
    options.onSourceShown(shown);
  };

  /** Shows `value` in the editor, or as HTML when the editor would lose some of it. */
  const show = (value: string, why: string) => {
    const doc = editableDoc(value);
    source.value = value;
    if (doc === null) {
      say(why);
      showSource(true);
      return false;
    }
    view.updateState(stateOf(doc));
    say(null);
    showSource(false);
    return true;
  };

  source.addEventListener("input", () => {
    last = source.value;
    options.onChange(last);
  });
  sourceButton.addEventListener("click", () => {
    if (!inSource) {
      source.value = last;
      say(null);
      showSource(true);
      source.focus();
    } else if (show(source.value, "This HTML has markup the editor does not make (such as an element or attribute Wagtail's editor has no button for), so it stays as HTML: the editor would drop it. Remove it to use the editor.")) view.focus();
  });

  show(options.value, "This text has markup the editor does not make (such as an element or attribute Wagtail's editor has no button for), so it is shown as HTML, where nothing of it is lost. The build checks it as before.");

  return {
    update(value: string) {
      if (value === last) return;
      last = value;
      if (inSource && document.activeElement === source) return;
      show(value, "This text has markup the editor does not make, so it is shown as HTML.");
    },
    destroy() {
      destroyed = true;
      view.destroy();
      box.remove();
    },
  };
}
