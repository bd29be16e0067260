// ProcessingInstruction: https://dom.spec.whatwg.org/#interface-processinginstruction
// HTML pages never parse one; only createProcessingInstruction makes them.

class ProcessingInstruction extends CharacterData {
  get nodeType() { return PROCESSING_INSTRUCTION_NODE; }
  get nodeName() { return this[DOCTYPE_IDS]; }
  get target() { return this[DOCTYPE_IDS]; }
}

function createProcessingInstruction(doc, target, data) {
  const node = new ProcessingInstruction(INTERNAL);
  node[DOCTYPE_IDS] = String(target); // the target, kept in the same slot a doctype keeps its name
  node[DATA] = String(data);
  node[OWNER] = doc;
  return node;
}
