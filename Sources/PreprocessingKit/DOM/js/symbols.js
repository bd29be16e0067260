// Internal state of DOM objects, behind symbols so page and extension scripts cannot see it
// (Object.keys, for…in and JSON.stringify skip symbol keys). One place declares them all.

// Tree links: a node's children form a doubly linked list.
const PARENT = Symbol("parent");          // parent node or null
const FIRST = Symbol("firstChild");       // first child or null
const LAST = Symbol("lastChild");         // last child or null
const NEXT = Symbol("nextSibling");       // next sibling or null
const PREV = Symbol("previousSibling");   // previous sibling or null
const OWNER = Symbol("ownerDocument");    // the Document a node belongs to (null for a Document)

// Elements.
const LOCAL_NAME = Symbol("localName");   // as parsed: lower case in HTML
const NAMESPACE = Symbol("namespaceURI"); // one of the NS_* strings in constants.js
const PREFIX = Symbol("prefix");          // namespace prefix or null
const ATTRS = Symbol("attributes");       // array of {namespace, prefix, localName, name, value}
const EXTRAS = Symbol("extras");          // lazily created classList/dataset/style/attributes objects
const CONTENT = Symbol("templateContent");// a <template>'s content DocumentFragment
const INDEX_POSITION = Symbol("indexPosition"); // place in the document's element index (ElementIndex.js), -1 before one
const FLAT_INDEX = Symbol("flatIndex");   // an element of the page's parse whose children are not made yet: its flat node (TreeBuilder.js), else -1

// Character data (Text, Comment, ProcessingInstruction).
const DATA = Symbol("data");

// Documents.
const VERSION = Symbol("treeVersion");    // bumped on every mutation; live collections compare it
const DOC_STATE = Symbol("documentState");// url, base URL cache, characterSet, contentType, cookie, selection…

// Doctype.
const DOCTYPE_IDS = Symbol("doctypeIds"); // {name, publicId, systemId}

// Events.
const LISTENERS = Symbol("listeners");    // Map type → array of {callback, capture, once, passive}

// URLSearchParams (URLSearchParams.js; a URL reads them to keep its object in sync).
const SEARCH_PARAMS_LIST = Symbol("searchParamsList"); // array of [name, value] pairs
const SEARCH_PARAMS_URL = Symbol("searchParamsURL");   // the URL whose query this object mirrors, or null

// Added by the DOM core.
const INTERNAL = Symbol("internal");      // token that lets our own code call constructors pages may not
const CONSTRUCTION_STEPS = Symbol("constructionSteps"); // on an element class whose constructor does more than store fields (Element.js)
const ITEMS = Symbol("items");            // a NodeList/HTMLCollection's cached array of nodes
const SOURCE = Symbol("source");          // what a live collection is computed from (root node, filter)
const OWNER_ELEMENT = Symbol("ownerElement"); // the Element an Attr, DOMTokenList, style or dataset belongs to
const ATTR_RECORD = Symbol("attrRecord"); // the attribute record an Attr node wraps (or its own when detached)
const EVENT_STATE = Symbol("eventState"); // an Event's flags: target, currentTarget, phase, stop flags, canceled…
const OBSERVERS = Symbol("observers");    // a MutationObserver's registrations and pending records
const CONTROL_STATE = Symbol("controlState"); // form controls: dirty value, checkedness, selectedness

// Added by the selection/range files.
const RANGE_BOUNDS = Symbol("rangeBounds");   // a Range's {startNode, startOffset, endNode, endOffset}
const SELECTION = Symbol("selection");        // a Document's Selection (created on first use)
const SELECTION_STATE = Symbol("selectionState"); // a Selection's {document, range, direction}
const TRAVERSAL_STATE = Symbol("traversalState"); // a TreeWalker/NodeIterator's root, whatToShow, filter, position
const LAZY_INTERFACE = Symbol("lazyInterface");   // in windowInterfaces: an interface group's class, made on first access (Window.js)

// Added by the files, clone and crypto interface groups (Blob.js, FormData.js, SubtleCrypto.js).
const BLOB_DATA = Symbol("blobData");         // a Blob's {bytes: Uint8Array, type}, and a File's name and lastModified
const FORM_DATA_ENTRIES = Symbol("formDataEntries"); // a FormData's entry list, [name, value] pairs in order
const FILE_READER_STATE = Symbol("fileReaderState"); // a FileReader's readyState, result, error and pending read
