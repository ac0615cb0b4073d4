// The view as PNG: the renderer's canvas at its pixel size. The frame is rendered
// again right before the copy, in the same task: the WebGL drawing buffer is only
// cleared once a frame has been shown, so the copy holds the picture, not a blank.
// `simulation` and `twin` as View.render() takes them.
export function viewPng(view, simulation, twin) {
  view.render(simulation, twin, { force: true });
  return new Promise((resolve, reject) => {
    view.renderer.domElement.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('the browser made no PNG of the view'));
    }, 'image/png');
  });
}
