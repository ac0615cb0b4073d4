// Records a canvas as WebM: MediaRecorder on canvas.captureStream(), VP9 where the
// browser has it, else VP8. The stream takes a frame only when asked (captureFrame,
// right after the canvas is drawn, while the WebGL drawing buffer still holds the
// picture): left to itself, a headless or busy browser takes few frames or none.
const TYPES = Object.freeze(['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm']);
const BITS_PER_SECOND = 4e6;
// A WebM file's Segment element, written once the first frame is encoded (Matroska's
// element ID 0x18538067; before it there is only the EBML header).
const SEGMENT_ID = Object.freeze([0x18, 0x53, 0x80, 0x67]);
const HEADER_BYTES = 64; // the EBML header is about 40
const TIMESLICE_MS = 100; // how often the recorder hands over what it has encoded

// The first WebM type the browser records, or null.
function webmType() {
  if (typeof MediaRecorder === 'undefined') return null;
  return TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

export class WebmRecorder {
  #recorder;
  #stream;
  #track;
  #chunks = [];
  #stopped;
  #encoding = null; // resolves once the first frame is in the data

  // Throws when the browser records no WebM (webmType() is null).
  constructor(canvas) {
    const type = webmType();
    if (!type) throw new Error('this browser cannot record WebM video (MediaRecorder with VP8 or VP9)');
    this.#stream = canvas.captureStream(0);
    [this.#track] = this.#stream.getVideoTracks();
    this.#recorder = new MediaRecorder(this.#stream, { mimeType: type, videoBitsPerSecond: BITS_PER_SECOND });
    let encoded;
    this.#encoding = new Promise((resolve) => {
      encoded = resolve;
    });
    this.#recorder.addEventListener('dataavailable', async (event) => {
      if (event.data.size === 0) return;
      this.#chunks.push(event.data);
      if (await WebmRecorder.hasFrames(new Blob(this.#chunks))) encoded();
    });
    this.#stopped = new Promise((resolve, reject) => {
      this.#recorder.addEventListener('stop', () => {
        this.#endStream();
        resolve(new Blob(this.#chunks, { type: 'video/webm' }));
      });
      this.#recorder.addEventListener('error', (event) => reject(event.error ?? new Error('recording failed')));
    });
  }

  // Whether a recorded video holds a frame: an encoder that got no frame in time writes
  // the EBML header alone.
  static async hasFrames(blob) {
    const head = new Uint8Array(await blob.slice(0, HEADER_BYTES).arrayBuffer());
    return head.some((_, i) => SEGMENT_ID.every((byte, k) => head[i + k] === byte));
  }

  // Starts recording; resolves once the encoder has delivered its first frame (it may
  // drop the frames it gets while it starts, so the caller shows a still picture
  // until then).
  start() {
    this.#recorder.start(TIMESLICE_MS);
    return this.#encoding;
  }

  // Takes the canvas as it is drawn now as the video's next frame (while recording).
  captureFrame() {
    if (this.#recorder.state === 'recording') this.#track.requestFrame();
  }

  // Stops, and resolves with the video (null when it never started).
  stop() {
    if (this.#recorder.state === 'inactive') {
      this.#endStream();
      return Promise.resolve(null);
    }
    this.#recorder.stop();
    return this.#stopped;
  }

  #endStream() {
    for (const track of this.#stream.getTracks()) track.stop();
  }
}
