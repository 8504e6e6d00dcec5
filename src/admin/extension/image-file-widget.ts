// The `image-file` widget: an images.json item's `file`, a bare file name in images/. It is Decap's
// own image control (upload into the media folder, pick from the media library), with the path
// Decap writes (its public folder and the name) cut to the name the content format keeps. The
// name is also told to the item's focal-point widget, which shows the picture.
import { decap, type ControlProps } from "./decap.js";
import { itemKey, publish } from "./item-values.js";

export const baseName = (value: unknown): unknown => (typeof value === "string" ? value.slice(value.lastIndexOf("/") + 1) : value);

interface ImageFileControl {
  props: ControlProps;
}

function tell(this: ImageFileControl): void {
  publish(itemKey(this.props.parentIds), "file", baseName(this.props.value));
}

export function registerImageFileWidget(): void {
  const { CMS, h, createClass } = decap();
  const image = CMS.getWidget("image");
  if (!image) throw new Error("Decap CMS has no image widget to build the image-file widget on");
  const control = createClass({
    // Decap asks the control whether to render again (Widget's shouldComponentUpdate): the image
    // control also waits on the media library's choice (mediaPaths), which a wrapper must pass on.
    shouldComponentUpdate(this: ImageFileControl, next: ControlProps & { mediaPaths?: unknown }) {
      const props = this.props as ControlProps & { mediaPaths?: unknown };
      return next.value !== props.value || next.mediaPaths !== props.mediaPaths || next.classNameWrapper !== props.classNameWrapper || next.getAsset !== props.getAsset;
    },
    componentDidMount: tell,
    componentDidUpdate: tell,
    render(this: ImageFileControl) {
      const props = this.props;
      return h(image.control, { ...props, onChange: (value: unknown) => props.onChange(baseName(value)) });
    },
  });
  CMS.registerWidget("image-file", control, image.preview);
}
