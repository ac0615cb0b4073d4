// A link payload's JSON text. A scene carried whole (`{"json": SCENE}`) is written
// from the text the page loaded, not from its parsed object: JSON.stringify writes -0
// as 0, and a scene's -0 (an imported robot's hull vertex or orientation) can change a
// trajectory, so a link would not reproduce the run bit for bit (docs/links.md).
export function payloadText(payload, sceneText) {
  const { scene, ...rest } = payload;
  if (scene?.json === undefined) return JSON.stringify(payload);
  const others = JSON.stringify(rest).slice(1, -1);
  return `{"scene":{"json":${sceneText}}${others ? `,${others}` : ''}}`;
}
