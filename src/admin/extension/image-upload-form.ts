// The image chooser's "Upload an image" form: a picture from this computer, its title, alt text
// and focal point (set on the picture, as the Images collection's focal-point widget sets it), saved
// by image-upload.ts. Refused before anything is sent: no picture, a file that is not one of the
// build's formats or that the browser cannot show as a picture, no title.
import { uploadProblems, type FocalPoint, type ImageItem } from "../new-image.js";
import { IMAGE_EXTENSIONS } from "../image-extensions.js";
import { decap } from "./decap.js";
import { focalPicture, type FocalPictureState } from "./focal-point-widget.js";
import { uploadImage, type UploadTarget } from "./image-upload.js";

export interface UploadFormProps {
  target: UploadTarget;
  onSaved: (item: ImageItem) => void;
  onCancel: () => void;
}

interface UploadState extends FocalPictureState {
  file: File | null;
  title: string;
  alt: string;
  focal: FocalPoint | null;
  /** The picture could not be shown: not an image the browser reads. */
  broken: boolean;
  problems: string[];
  saving: boolean;
}

interface UploadForm {
  image?: HTMLImageElement | null;
  props: UploadFormProps;
  state: UploadState;
  setState: (state: Partial<UploadState>) => void;
}

const label = { display: "block", fontWeight: 600, margin: "12px 0 4px" };
const input = { width: "100%", padding: "6px 8px", border: "1px solid #dfdfe3", borderRadius: "4px", font: "inherit" };

function pick(this: UploadForm, file: File | null): void {
  if (this.state.src) URL.revokeObjectURL(this.state.src);
  this.setState({ file, src: file ? URL.createObjectURL(file) : "", size: null, drag: null, focal: null, broken: false, problems: [] });
}

async function save(this: UploadForm): Promise<void> {
  const { file, title, alt, focal, size, broken } = this.state;
  const problems = uploadProblems({ title, alt, focal }, file ? file.name : null);
  if (file && problems.length === 0 && (broken || size === null)) problems.push(`${file.name} is not a picture this browser can show: choose a ${IMAGE_EXTENSIONS.map((e) => `.${e}`).join(", ")} file.`);
  this.setState({ problems });
  if (problems.length > 0 || !file) return;
  this.setState({ saving: true });
  try {
    const item = await uploadImage(file, { title, alt, focal }, this.props.target);
    this.props.onSaved(item);
  } catch (e) {
    this.setState({ saving: false, problems: [`Not saved: ${(e as Error).message}`] });
  }
}

export function uploadFormClass(): unknown {
  const { h, createClass } = decap();
  return createClass({
    getInitialState(): UploadState {
      return { file: null, src: "", size: null, drag: null, title: "", alt: "", focal: null, broken: false, problems: [], saving: false };
    },
    componentWillUnmount(this: UploadForm) {
      if (this.state.src) URL.revokeObjectURL(this.state.src);
    },
    render(this: UploadForm) {
      const { src, focal, title, alt, problems, saving, broken } = this.state;
      const accept = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(",");
      // A hidden image tells whether the file is a picture before the focal picture shows it.
      const picture = src && !broken
        ? focalPicture(this, focal, (f) => this.setState({ focal: f }))
        : null;
      return h("div", { "data-image-upload": "", style: { padding: "12px 0" } },
        h("label", { style: label, htmlFor: "image-upload-file" }, "Picture"),
        h("input", { id: "image-upload-file", type: "file", accept, onChange: (e: { target: HTMLInputElement }) => pick.call(this, e.target.files?.[0] ?? null) }),
        src ? h("img", { src, alt: "", style: { display: "none" }, onError: () => this.setState({ broken: true }) }) : null,
        picture ? h("div", { style: { marginTop: "8px" } }, picture,
          h("p", { "data-focal-text": "", style: { fontSize: "13px", margin: "4px 0" } },
            focal ? `Focal point: centre ${focal.x}, ${focal.y}; area ${focal.width} x ${focal.height} pixels.` : "Click the subject of the picture, or drag over the area every crop must keep (optional).")) : null,
        h("label", { style: label, htmlFor: "image-upload-title" }, "Title"),
        h("input", { id: "image-upload-title", type: "text", style: input, value: title, onChange: (e: { target: HTMLInputElement }) => this.setState({ title: e.target.value, problems: [] }) }),
        h("label", { style: label, htmlFor: "image-upload-alt" }, "Alt text"),
        h("input", { id: "image-upload-alt", type: "text", style: input, value: alt, placeholder: "What the picture shows, for those who cannot see it (the title when left empty)", onChange: (e: { target: HTMLInputElement }) => this.setState({ alt: e.target.value }) }),
        problems.length > 0 ? h("ul", { role: "alert", style: { color: "#a10019", margin: "12px 0", paddingLeft: "20px" } }, ...problems.map((p) => h("li", { key: p }, p))) : null,
        h("div", { style: { marginTop: "12px", display: "flex", gap: "8px" } },
          h("button", { type: "button", disabled: saving, onClick: () => void save.call(this) }, saving ? "Saving..." : "Save the image"),
          h("button", { type: "button", disabled: saving, onClick: () => this.props.onCancel() }, "Back to the images")));
    },
  });
}
