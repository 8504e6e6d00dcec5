// A picture from Decap's media store (the edit server's file API, or GitHub) shown outside
// Decap's own re-rendering: getAsset first answers a stand-in while it loads the file, and
// later the file, without telling a widget that is not re-rendered; so its answer is asked for
// again, a few times a second for 20 seconds, and each new address shown.

/** Sets `img.src` to each new address `src` gives (null: none yet), for 20 seconds or until the image leaves the page. */
export function followPicture(img: HTMLImageElement, src: () => string | null): void {
  let tries = 0;
  const look = () => {
    const url = src();
    if (url !== null && img.getAttribute("src") !== url) img.src = url;
    if (tries++ < 80 && (tries < 4 || img.isConnected)) setTimeout(look, 250);
  };
  look();
}
