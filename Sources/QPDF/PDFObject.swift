import CQPDF

/// One object of a qpdf document, typed: a handle with the document it belongs to. Reads return
/// nil when the object is not of the type asked for (qpdf's C API answers a wrong-type read with a
/// default and a warning); edits change the object in its document. Handles live as long as the
/// document (`QPDFHandle`), and each C call allocates at most one.
struct PDFObject {
    let document: qpdf_data
    let handle: qpdf_oh

    // MARK: kinds

    var isDictionary: Bool { qpdf_oh_is_dictionary(document, handle) != 0 }
    var isArray: Bool { qpdf_oh_is_array(document, handle) != 0 }
    var isString: Bool { qpdf_oh_is_string(document, handle) != 0 }
    var isName: Bool { qpdf_oh_is_name(document, handle) != 0 }
    var isStream: Bool { qpdf_oh_is_stream(document, handle) != 0 }
    var isIndirect: Bool { qpdf_oh_is_indirect(document, handle) != 0 }
    var isInteger: Bool { qpdf_oh_is_integer(document, handle) != 0 }
    var isNumber: Bool { qpdf_oh_is_number(document, handle) != 0 }
    /// A page dictionary (/Type /Page).
    var isPage: Bool { qpdf_oh_is_dictionary_of_type(document, handle, "/Page", "") != 0 }
    /// True for the name `name` ("/GoTo").
    func isName(_ name: String) -> Bool { qpdf_oh_is_name_and_equals(document, handle, name) != 0 }
    /// The object's type, asked once (each kind test above is a C call of its own).
    var type: qpdf_object_type_e { qpdf_oh_get_type_code(document, handle) }

    /// The indirect object's number and generation as one key (an identity within its document).
    var identity: Int64 {
        Int64(qpdf_oh_get_object_id(document, handle)) << 20 | Int64(qpdf_oh_get_generation(document, handle))
    }

    // MARK: dictionaries and arrays

    /// The value of `key` ("/Title"); the null object when absent or not a dictionary.
    subscript(key: String) -> PDFObject {
        PDFObject(document: document, handle: qpdf_oh_get_key(document, handle, key))
    }

    func has(_ key: String) -> Bool { qpdf_oh_has_key(document, handle, key) != 0 }

    /// A dictionary's keys, read whole before anything else iterates (the C API has one key
    /// iterator per document).
    var keys: [String] {
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(document, handle)
        while qpdf_oh_dict_more_keys(document) != 0 {
            if let key = qpdf_oh_dict_next_key(document) { keys.append(String(cString: key)) }
        }
        return keys
    }

    /// An array's length (0 for anything else).
    var count: Int { Int(max(qpdf_oh_get_array_n_items(document, handle), 0)) }

    /// An array's item at `index`.
    subscript(index: Int) -> PDFObject {
        PDFObject(document: document, handle: qpdf_oh_get_array_item(document, handle, Int32(index)))
    }

    /// An array's items ([] for anything else).
    var items: [PDFObject] { (0..<count).map { self[$0] } }

    // MARK: values

    /// A name with its slash ("/XYZ").
    var name: String? { isName ? qpdf_oh_get_name(document, handle).map { String(cString: $0) } : nil }
    var number: Double? { isNumber ? qpdf_oh_get_numeric_value(document, handle) : nil }
    var integer: Int? { isInteger ? Int(qpdf_oh_get_int_value(document, handle)) : nil }
    /// An integer clamped to 32 bits, as qpdf's `getIntValueAsInt` reads it (/Rotate).
    var integer32: Int? { isInteger ? Int(qpdf_oh_get_int_value_as_int(document, handle)) : nil }
    var bool: Bool? { type == ot_boolean ? qpdf_oh_get_bool_value(document, handle) != 0 : nil }
    /// A real number's digits as written ("0.5").
    var realText: String? {
        type == ot_real ? qpdf_oh_get_real_value(document, handle).map { String(cString: $0) } : nil
    }
    /// A text string decoded (PDFDocEncoding or UTF-16) to Swift text.
    var text: String? { isString ? qpdf_oh_get_utf8_value(document, handle).map { String(cString: $0) } : nil }

    /// A string's bytes as stored ([] for anything else).
    var bytes: [UInt8] {
        var length = 0
        guard let pointer = qpdf_oh_get_binary_string_value(document, handle, &length) else { return [] }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// An array of numbers ([x1 y1 x2 y2], [a b c d e f], …); nil when it is not one.
    var numbers: [Double]? {
        guard isArray else { return nil }
        var values: [Double] = []
        for item in items {
            guard let value = item.number else { return nil }
            values.append(value)
        }
        return values
    }

    /// A rectangle [x1 y1 x2 y2] (corners in any order); nil when it is not four numbers.
    var rectangle: DocumentStructure.Box? {
        guard let values = numbers, values.count == 4 else { return nil }
        return DocumentStructure.Box(x1: values[0], y1: values[1], x2: values[2], y2: values[3])
    }

    /// The object written out in PDF syntax, indirect objects resolved.
    var resolvedText: String? { qpdf_oh_unparse_resolved(document, handle).map { String(cString: $0) } }

    // MARK: edits

    /// Sets `key` of this dictionary to `value`.
    func set(_ key: String, _ value: PDFObject) { qpdf_oh_replace_key(document, handle, key, value.handle) }

    /// Appends `item` to this array.
    func append(_ item: PDFObject) { qpdf_oh_append_item(document, handle, item.handle) }
}

/// A qpdf document's objects: its root, trailer and pages, and new objects made in it.
struct PDFObjects {
    let document: qpdf_data

    var root: PDFObject { PDFObject(document: document, handle: qpdf_get_root(document)) }
    var trailer: PDFObject { PDFObject(document: document, handle: qpdf_get_trailer(document)) }
    var pageCount: Int { Int(max(qpdf_get_num_pages(document), 0)) }
    /// The page at 0-based `index`.
    func page(_ index: Int) -> PDFObject { PDFObject(document: document, handle: qpdf_get_page_n(document, index)) }

    private func object(_ handle: qpdf_oh) -> PDFObject { PDFObject(document: document, handle: handle) }

    var null: PDFObject { object(qpdf_oh_new_null(document)) }
    func name(_ name: String) -> PDFObject { object(qpdf_oh_new_name(document, name)) }
    func integer(_ value: Int) -> PDFObject { object(qpdf_oh_new_integer(document, Int64(value))) }
    func bool(_ value: Bool) -> PDFObject { object(qpdf_oh_new_bool(document, value ? QPDF_TRUE : QPDF_FALSE)) }
    /// A real written with at most `decimals` decimals.
    func real(_ value: Double, decimals: Int) -> PDFObject {
        object(qpdf_oh_new_real_from_double(document, value, Int32(decimals)))
    }
    /// A real written as `text` is ("0.5"): copied numbers keep their own digits.
    func real(text: String) -> PDFObject { object(qpdf_oh_new_real_from_string(document, text)) }
    /// A text string: PDFDocEncoding where it suffices, else UTF-16.
    func string(_ text: String) -> PDFObject { object(qpdf_oh_new_unicode_string(document, text)) }
    /// A string of these bytes, as they are.
    func string(bytes: [UInt8]) -> PDFObject {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                object(qpdf_oh_new_binary_string(document, $0.baseAddress, $0.count))
            }
        }
    }

    /// A new direct dictionary holding `entries`.
    func dictionary(_ entries: [(String, PDFObject)] = []) -> PDFObject {
        let dictionary = object(qpdf_oh_new_dictionary(document))
        for (key, value) in entries { dictionary.set(key, value) }
        return dictionary
    }

    /// A new direct array holding `items`.
    func array(_ items: [PDFObject] = []) -> PDFObject {
        let array = object(qpdf_oh_new_array(document))
        for item in items { array.append(item) }
        return array
    }

    /// `object` made an indirect object of this document (a reference where it is used).
    func indirect(_ direct: PDFObject) -> PDFObject { object(qpdf_make_indirect_object(document, direct.handle)) }

    /// A copy in this document of an indirect object of another, with everything it refers to.
    func foreignCopy(of other: PDFObject) -> PDFObject {
        object(qpdf_oh_copy_foreign_object(document, other.document, other.handle))
    }
}
