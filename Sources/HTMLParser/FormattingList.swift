/// The list of active formatting elements, with markers.
/// https://html.spec.whatwg.org/multipage/parsing.html#the-list-of-active-formatting-elements
///
/// Each entry keeps a hash of its element's name and attributes, so the Noah's Ark clause
/// compares integers and looks at attributes only when two hashes agree (a page of 50,000
/// distinct `<b class=…>` would otherwise compare attributes 10⁹ times).
struct FormattingList {
    /// Element node indices; -1 is a marker.
    private(set) var elements: [Int32] = []
    private var keys: [Int] = []

    var count: Int { elements.count }
    var last: Int32? { elements.last }
    subscript(index: Int) -> Int32 { elements[index] }
    func key(at index: Int) -> Int { keys[index] }

    mutating func append(_ element: Int32, key: Int) {
        elements.append(element)
        keys.append(key)
    }

    mutating func appendMarker() { append(-1, key: 0) }

    mutating func insert(_ element: Int32, key: Int, at index: Int) {
        elements.insert(element, at: index)
        keys.insert(key, at: index)
    }

    mutating func remove(at index: Int) {
        elements.remove(at: index)
        keys.remove(at: index)
    }

    /// Puts `element`, a copy of the entry's element (same name and attributes), in its place.
    mutating func replace(at index: Int, with element: Int32) { elements[index] = element }

    /// Removes entries up to and including the last marker.
    mutating func clearToLastMarker() {
        while let last = elements.popLast() {
            keys.removeLast()
            if last < 0 { return }
        }
    }

    /// The index of `element`, searching from the end.
    func index(of element: Int32) -> Int? {
        var i = elements.count - 1
        while i >= 0 {
            if elements[i] == element { return i }
            i -= 1
        }
        return nil
    }
}
