// The view as PNG: the renderer's canvas at the device's full resolution, even where
// slow drawing has lowered the view's (view/drawing_resolution.js). The frame is
// rendered again right before the copy, in the same task: the WebGL drawing buffer is
// only cleared once a frame has been shown, so the copy holds the picture, not a
// blank; toBlob copies the canvas when called, so the view's resolution can be put
// back right after. `simulation` and `twin` as View.render() takes them.
export function viewPng(view, simulation, twin) {
  const restore = view.fullResolution();
  view.render(simulation, twin, { force: true });
  return new Promise((resolve, reject) => {
    try {
      view.renderer.domElement.toBlob((blob) => {
        if (blob) resolve(blob);
        else reject(new Error('the browser made no PNG of the view'));
      }, 'image/png');
    } finally {
      restore();
    }
  });
}
