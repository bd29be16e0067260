// File: https://w3c.github.io/FileAPI/#file-section
//
// `lastModified` defaults to the page's clock (Date.now(): the virtual clock, fixed by `--now`
// in a deterministic run), as WebKit's defaults to the current time.

class File extends Blob {
  constructor(fileBits, fileName, options = undefined) {
    if (arguments.length < 2) throw new TypeError("Not enough arguments");
    const bag = blobPropertyBag(options);
    super(fileBits, { type: bag.type, endings: bag.endings });
    const data = this[BLOB_DATA];
    data.name = String(fileName);
    let lastModified = options !== undefined && options !== null ? options.lastModified : undefined;
    lastModified = lastModified === undefined ? Date.now() : Math.trunc(Number(lastModified)) || 0;
    data.lastModified = lastModified;
  }
  get name() { return fileData(this).name; }
  get lastModified() { return fileData(this).lastModified; }
  get webkitRelativePath() { fileData(this); return ""; }
}

function fileData(file) {
  const data = file !== null && typeof file === "object" ? file[BLOB_DATA] : undefined;
  if (data === undefined || data.name === undefined) throw new TypeError("The File.prototype getter can only be used on instances of File");
  return data;
}

/** A new File of `bytes` (not copied): a form's file entries, FormData's blobs, clones. */
function fileFromBytes(bytes, type, name, lastModified) {
  const file = Object.create(File.prototype);
  file[BLOB_DATA] = { bytes, type, name, lastModified };
  return file;
}
