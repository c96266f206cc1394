import CShim
import CVips
import CoreTypes

/// Saver options (`out.jpg[Q=95,strip]`) checked against the saver's own arguments before any
/// pixel is computed: libvips would otherwise take `Q=500` with only a GLib warning on stderr
/// (and save at its default quality) and stop `bogus=9` half-way with "no property named".
extension SaverOptions {
    /// Throws a plain sentence when an option names an argument the saver for `format` does not
    /// have, or a value it would not take.
    public func check(for format: ImageFormat) throws(VipsError) {
        guard !isEmpty else { return }
        try VipsRuntime.ensure()
        guard let saver = vips_foreign_find_save("x" + format.suffix), let created = vips_operation_new(saver) else {
            vips_error_clear()
            throw VipsError("no saver for \"\(format.suffix)\"")
        }
        defer { g_object_unref(created) }
        let object = UnsafeMutableRawPointer(created).assumingMemoryBound(to: VipsObject.self)
        let name = format.canonicalSuffix.dropFirst().uppercased()
        for entry in entries {
            let key = entry.key.filter { $0 != " " }, value = entry.value.map { String($0.filter { $0 != " " }) }
            var pspec: UnsafeMutablePointer<GParamSpec>?
            var argumentClass: UnsafeMutablePointer<VipsArgumentClass>?
            var argumentInstance: UnsafeMutablePointer<VipsArgumentInstance>?
            guard vips_object_get_argument(object, key, &pspec, &argumentClass, &argumentInstance) == 0, let pspec,
                let flags = argumentClass?.pointee.flags,
                flags.rawValue & VIPS_ARGUMENT_INPUT.rawValue != 0,
                flags.rawValue & VIPS_ARGUMENT_REQUIRED.rawValue == 0
            else {
                vips_error_clear()
                throw VipsError("\(name) output has no option \"\(key)\" (its options: \(Self.names(of: object)))")
            }
            try Self.checkValue(value, of: key, spec: pspec, format: name)
        }
    }

    private static func checkValue(
        _ value: String?, of key: String, spec: UnsafeMutablePointer<GParamSpec>, format: String
    ) throws(VipsError) {
        let type = spec.pointee.value_type
        let fundamental = CShim_g_type_fundamental(type)
        let raw = UnsafeMutableRawPointer(spec)
        switch fundamental {
        case CShim_G_TYPE_BOOLEAN():
            guard value == nil || ["true", "false", "yes", "no", "on", "off", "1", "0"].contains(value!.lowercased())
            else { throw VipsError("\(format) option \(key) is on or off (\(key) or \(key)=false), not \"\(value!)\"") }
        case CShim_G_TYPE_INT():
            let range = raw.assumingMemoryBound(to: GParamSpecInt.self).pointee
            guard let text = value, let number = Int(text), number >= Int(range.minimum), number <= Int(range.maximum)
            else {
                throw VipsError(
                    "\(format) option \(key) takes a whole number from \(range.minimum) to \(range.maximum), not \"\(value ?? "")\""
                )
            }
        case CShim_G_TYPE_DOUBLE():
            let range = raw.assumingMemoryBound(to: GParamSpecDouble.self).pointee
            guard let text = value, let number = Double(text), number >= range.minimum, number <= range.maximum else {
                throw VipsError(
                    "\(format) option \(key) takes a number from \(shown(range.minimum)) to \(shown(range.maximum)), not \"\(value ?? "")\""
                )
            }
        case CShim_G_TYPE_ENUM():
            guard let text = value, vips_enum_from_nick("imgtool", type, text) >= 0 else {
                vips_error_clear()
                throw VipsError("\(format) option \(key) is one of \(nicks(of: type)), not \"\(value ?? "")\"")
            }
        default:
            guard value != nil || fundamental == CShim_G_TYPE_FLAGS() else {
                throw VipsError("\(format) option \(key) needs a value (\(key)=...)")
            }
        }
    }

    /// The optional input arguments of a saver, for the message naming them.
    private static func names(of object: UnsafeMutablePointer<VipsObject>) -> String {
        var names: UnsafeMutablePointer<UnsafePointer<CChar>?>?
        var flags: UnsafeMutablePointer<Int32>?
        var count: Int32 = 0
        guard vips_object_get_args(object, &names, &flags, &count) == 0, let names, let flags else { return "" }
        var result: [String] = []
        for index in 0..<Int(count) {
            let flag = UInt32(bitPattern: flags[index])
            guard flag & VIPS_ARGUMENT_INPUT.rawValue != 0, flag & VIPS_ARGUMENT_REQUIRED.rawValue == 0,
                flag & VIPS_ARGUMENT_DEPRECATED.rawValue == 0, let name = names[index]
            else { continue }
            result.append(String(cString: name))
        }
        return result.joined(separator: ", ")
    }

    private static func nicks(of type: GType) -> String {
        guard let enumClass = g_type_class_ref(type) else { return "" }
        defer { g_type_class_unref(enumClass) }
        let values = enumClass.assumingMemoryBound(to: GEnumClass.self).pointee
        var result: [String] = []
        for index in 0..<Int(values.n_values) {
            if let nick = values.values[index].value_nick {
                let text = String(cString: nick)
                if text != "last" { result.append(text) }
            }
        }
        return result.joined(separator: ", ")
    }

    private static func shown(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
