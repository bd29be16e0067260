// FormData: https://xhr.spec.whatwg.org/#interface-formdata
// A form's entry list: https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constructing-the-form-data-set
// Response.formData(): https://fetch.spec.whatwg.org/#dom-body-formdata

class FormData {
  constructor(form = undefined, submitter = undefined) {
    this[FORM_DATA_ENTRIES] = [];
    if (form === undefined) return;
    if (!(form instanceof Element) || form[LOCAL_NAME] !== "form" || form[NAMESPACE] !== NS_HTML) {
      throw new TypeError("Argument 1 ('form') to the FormData constructor must be an instance of HTMLFormElement");
    }
    if (submitter !== undefined && submitter !== null) {
      if (!isSubmitButton(submitter)) throw new TypeError("The specified element is not a submit button.");
      if (formOwnerOf(submitter) !== form) throwDOMException("NotFoundError", "The specified element is not owned by this form element.");
    } else {
      submitter = null;
    }
    this[FORM_DATA_ENTRIES] = formEntryList(form, submitter);
  }
  append(name, value, filename = undefined) {
    if (arguments.length < 2) throw new TypeError("Not enough arguments");
    formDataEntries(this).push(formDataEntry(name, value, filename, arguments.length > 2));
  }
  delete(name) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const key = toUSVString(String(name));
    const entries = formDataEntries(this);
    for (let i = entries.length - 1; i >= 0; i--) if (entries[i][0] === key) entries.splice(i, 1);
  }
  get(name) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const key = toUSVString(String(name));
    for (const entry of formDataEntries(this)) if (entry[0] === key) return entry[1];
    return null;
  }
  getAll(name) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const key = toUSVString(String(name));
    return formDataEntries(this).filter((entry) => entry[0] === key).map((entry) => entry[1]);
  }
  has(name) {
    if (arguments.length < 1) throw new TypeError("Not enough arguments");
    const key = toUSVString(String(name));
    return formDataEntries(this).some((entry) => entry[0] === key);
  }
  set(name, value, filename = undefined) {
    if (arguments.length < 2) throw new TypeError("Not enough arguments");
    const entry = formDataEntry(name, value, filename, arguments.length > 2);
    const entries = formDataEntries(this);
    const first = entries.findIndex((existing) => existing[0] === entry[0]);
    if (first < 0) { entries.push(entry); return; }
    entries[first] = entry;
    for (let i = entries.length - 1; i > first; i--) if (entries[i][0] === entry[0]) entries.splice(i, 1);
  }
  entries() { return formDataIterator(this, "entries"); }
  keys() { return formDataIterator(this, "keys"); }
  values() { return formDataIterator(this, "values"); }
  forEach(callback, thisArg = undefined) {
    if (typeof callback !== "function") throw new TypeError("Argument 1 ('callback') to FormData.forEach must be a function");
    const entries = formDataEntries(this);
    for (let i = 0; i < entries.length; i++) callback.call(thisArg, entries[i][1], entries[i][0], this);
  }
}
Object.defineProperty(FormData.prototype, Symbol.iterator, { value: FormData.prototype.entries, writable: true, configurable: true });

function formDataEntries(formData) {
  const entries = formData !== null && typeof formData === "object" ? formData[FORM_DATA_ENTRIES] : undefined;
  if (entries === undefined) throw new TypeError("The FormData.prototype function can only be used on instances of FormData");
  return entries;
}

/** https://xhr.spec.whatwg.org/#create-an-entry: a Blob becomes a File ("blob", or `filename`). */
function formDataEntry(name, value, filename, hasFilename) {
  const key = toUSVString(String(name));
  const bytes = blobBytesOf(value);
  if (bytes === null) {
    if (hasFilename) throw new TypeError("Argument 2 ('value') to FormData.append must be an instance of Blob");
    return [key, toUSVString(String(value))];
  }
  const data = value[BLOB_DATA];
  if (data.name !== undefined && !hasFilename) return [key, value];
  const fileName = hasFilename ? toUSVString(String(filename)) : "blob";
  return [key, fileFromBytes(bytes, data.type, fileName, data.lastModified !== undefined ? data.lastModified : Date.now())];
}

// The iterator objects entries(), keys() and values() return: live over the list, by index.
const FORM_DATA_ITERATOR_PROTOTYPE = Object.create(Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())), {
  next: {
    value: function next() {
      const state = this[FORM_DATA_ENTRIES];
      if (state === undefined) throw new TypeError("The FormData Iterator.next function can only be used on FormData iterators");
      const entries = state.formData[FORM_DATA_ENTRIES];
      if (state.index >= entries.length) return { value: undefined, done: true };
      const entry = entries[state.index++];
      const value = state.kind === "keys" ? entry[0] : state.kind === "values" ? entry[1] : [entry[0], entry[1]];
      return { value, done: false };
    },
    writable: true, enumerable: true, configurable: true,
  },
  [Symbol.toStringTag]: { value: "FormData Iterator", configurable: true },
});

function formDataIterator(formData, kind) {
  formDataEntries(formData);
  const iterator = Object.create(FORM_DATA_ITERATOR_PROTOTYPE);
  iterator[FORM_DATA_ENTRIES] = { formData, kind, index: 0 };
  return iterator;
}

// MARK: A form's entry list

function isHTMLElementNamed(element, localName) {
  return element instanceof Element && element[LOCAL_NAME] === localName && element[NAMESPACE] === NS_HTML;
}

/** https://html.spec.whatwg.org/#concept-submit-button */
function isSubmitButton(element) {
  if (isHTMLElementNamed(element, "button")) return element.type === "submit";
  if (isHTMLElementNamed(element, "input")) return element.type === "submit" || element.type === "image";
  return false;
}

const SUBMITTABLE_ELEMENTS = new Set(["button", "input", "select", "textarea"]);

/** Each submittable element whose form owner is `form`, in tree order (image buttons included). */
function submittableElementsOf(form) {
  return collectDescendantElements(rootOf(form), (element) =>
    element[NAMESPACE] === NS_HTML && SUBMITTABLE_ELEMENTS.has(element[LOCAL_NAME]) && formOwnerOf(element) === form);
}

/** https://html.spec.whatwg.org/#constructing-the-form-data-set, steps 5–6. */
function formEntryList(form, submitter) {
  const entries = [];
  const append = (name, value) => entries.push([toUSVString(name), typeof value === "string" ? toUSVString(value) : value]);
  for (const field of submittableElementsOf(form)) {
    // WebKit submits a control inside a datalist, where the standard skips it
    // (dom-cases/form-data.json, form-data-every-control).
    if (selectorIsDisabled(field)) continue;
    const localName = field[LOCAL_NAME];
    const type = localName === "input" || localName === "button" ? field.type : "";
    const isButton = localName === "button" || type === "submit" || type === "image" || type === "reset" || type === "button";
    if (isButton && field !== submitter) continue;
    if ((type === "checkbox" || type === "radio") && !field.checked) continue;
    const name = getAttributeValue(field, "name");
    if (type === "image") {
      const prefix = name !== null && name !== "" ? name + "." : "";
      append(prefix + "x", "0");
      append(prefix + "y", "0");
      continue;
    }
    if (name === null || name === "") continue;
    if (localName === "select") {
      const options = field.options;
      for (let i = 0; i < options.length; i++) if (options[i].selected && !selectorIsDisabled(options[i])) append(name, options[i].value);
    } else if (type === "checkbox" || type === "radio") {
      const value = getAttributeValue(field, "value");
      append(name, value === null ? "on" : value);
    } else if (type === "file") {
      // No file is ever chosen in a page the simulator loads: the entry is an empty file.
      append(name, fileFromBytes(new Uint8Array(0), "application/octet-stream", "", Date.now()));
    } else if (type === "hidden" && name.toLowerCase() === "_charset_" && getAttributeValue(field, "value") === null) {
      append(name, documentOf(form).characterSet);
    } else {
      append(name, field.value);
    }
    const dirname = localName === "textarea" || localName === "input" ? getAttributeValue(field, "dirname") : null;
    if (dirname !== null && dirname !== "") append(dirname, "ltr");
  }
  return entries;
}

// MARK: Response.formData()

/** A body of `application/x-www-form-urlencoded` as a FormData. */
function formDataFromURLEncoded(bytes) {
  const formData = new FormData();
  const text = new TextDecoder().decode(bytes);
  for (const sequence of text.split("&")) {
    if (sequence === "") continue;
    const equals = sequence.indexOf("=");
    const name = equals < 0 ? sequence : sequence.slice(0, equals);
    const value = equals < 0 ? "" : sequence.slice(equals + 1);
    formData[FORM_DATA_ENTRIES].push([percentDecodeFormText(name), percentDecodeFormText(value)]);
  }
  return formData;
}

/** https://url.spec.whatwg.org/#concept-urlencoded-parser: `+` is a space, percent escapes are UTF-8 bytes. */
function percentDecodeFormText(text) {
  const bytes = new TextEncoder().encode(text.replace(/\+/g, " "));
  const out = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 && i + 2 < bytes.length ? String.fromCharCode(bytes[i + 1], bytes[i + 2]) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) { out.push(parseInt(hex, 16)); i += 2; } else out.push(bytes[i]);
  }
  return new TextDecoder().decode(new Uint8Array(out));
}

/** A `multipart/form-data` body with `boundary` as a FormData; null when it does not parse. */
function formDataFromMultipart(bytes, boundary) {
  const text = binaryStringOf(bytes);
  const delimiter = "--" + boundary;
  const parts = text.split(delimiter);
  if (parts.length < 3) return null;
  const formData = new FormData();
  for (let i = 1; i < parts.length; i++) {
    let part = parts[i];
    if (part.startsWith("--")) break;
    part = part.replace(/^\r\n/, "").replace(/\r\n$/, "");
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) return null;
    const headerText = new TextDecoder().decode(binaryBytesOf(part.slice(0, split)));
    const body = part.slice(split + 4);
    const disposition = /content-disposition:[^\r\n]*?\bname="([^"]*)"/i.exec(headerText);
    if (disposition === null) return null;
    const filename = /content-disposition:[^\r\n]*?\bfilename="([^"]*)"/i.exec(headerText);
    if (filename === null) {
      formData[FORM_DATA_ENTRIES].push([disposition[1], new TextDecoder().decode(binaryBytesOf(body))]);
    } else {
      const type = /content-type:\s*([^\r\n]*)/i.exec(headerText);
      formData[FORM_DATA_ENTRIES].push([disposition[1], fileFromBytes(binaryBytesOf(body), type === null ? "text/plain" : normalizedBlobType(type[1].trim()), filename[1], Date.now())]);
    }
  }
  return formData;
}

function binaryBytesOf(text) {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Response.formData()'s parse, by the body's Content-Type (a TypeError for any other type). */
function formDataFromBody(bytes, contentType) {
  const essence = String(contentType || "").split(";")[0].trim().toLowerCase();
  if (essence === "application/x-www-form-urlencoded") return formDataFromURLEncoded(bytes);
  if (essence === "multipart/form-data") {
    const boundary = /;\s*boundary=("?)([^";]+)\1/i.exec(String(contentType));
    const parsed = boundary === null ? null : formDataFromMultipart(bytes, boundary[2]);
    if (parsed !== null) return parsed;
  }
  throw new TypeError("Type error");
}
