import CShim
import CVips

/// Keeps one reference to a GObject that is not an image (sources, targets, interpolators).
public final class GObjectBox: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
    init(owning pointer: UnsafeMutableRawPointer) { self.pointer = pointer }
    deinit { g_object_unref(pointer) }
}

/// What an operation gave back, by output name.
public struct Outputs: @unchecked Sendable {
    fileprivate var values: [String: Any] = [:]

    /// The image output `name`; throws when the operation gave none.
    public func image(_ name: String = "out") throws(VipsError) -> Image {
        guard let image = values[name] as? Image else { throw VipsError("no image output named \(name)") }
        return image
    }

    /// A double output (e.g. `avg`'s "out"), nil when absent.
    public func double(_ name: String) -> Double? { values[name] as? Double }
    /// An integer output, nil when absent.
    public func int(_ name: String) -> Int? { values[name] as? Int }
    /// An array-of-doubles output (e.g. `getpoint`'s "out_array"), nil when absent.
    public func doubles(_ name: String) -> [Double]? { values[name] as? [Double] }
    /// A blob output (a `…save_buffer`'s "buffer"), nil when absent.
    public func bytes(_ name: String) -> [UInt8]? { values[name] as? [UInt8] }
}

/// The one generic call into libvips: every typed helper goes through here.
public enum Operation {
    /// A value handed to a libvips operation. Strings given for enum or flags arguments are
    /// converted by nick ("bicubic", "centre", ...), numbers are widened to the argument's type,
    /// as pyvips and the C++ binding do.
    public enum Argument: Sendable {
        /// One image (`in`, `left`, `mask`...).
        case image(Image)
        /// An array of images (`bandjoin`'s `in`, `arrayjoin`).
        case images([Image])
        /// An integer, also accepted for double, boolean and enum arguments.
        case int(Int)
        /// A double, also accepted for integer arguments (rounded).
        case double(Double)
        /// A boolean.
        case bool(Bool)
        /// A string, or the nick of an enum or flags value.
        case string(String)
        /// An array of doubles (or of ints, rounded).
        case doubles([Double])
        /// An array of integers.
        case ints([Int])
        /// A GObject (VipsSource, VipsTarget, VipsInterpolate); retained for the call's duration.
        case object(GObjectBox)
    }

    /// Runs the operation `name` with `arguments` (required and optional alike), then an option
    /// string such as `"[Q=85,strip]"` if given, and reads back the named outputs.
    @discardableResult
    public static func call(
        _ name: String,
        _ arguments: [(String, Argument)],
        options: String? = nil,
        outputs: [String] = ["out"]
    ) throws(VipsError) -> Outputs {
        try VipsRuntime.ensure()
        guard let created = vips_operation_new(name) else {
            throw VipsError.fromBuffer("unknown libvips operation \(name)")
        }
        var operation: UnsafeMutablePointer<VipsOperation>? = created
        let object = UnsafeMutableRawPointer(created).assumingMemoryBound(to: VipsObject.self)
        do throws(VipsError) {
            for (key, value) in arguments {
                try set(key, to: value, on: object, operation: name)
            }
            if let options, !options.isEmpty, vips_object_set_from_string(object, options) != 0 {
                throw VipsError.fromBuffer("\(name): bad options \(options)")
            }
        } catch {
            g_object_unref(created)
            throw error
        }
        // The cache may hand back an equivalent operation already built; keep whichever it gives.
        guard vips_cache_operation_buildp(&operation) == 0, let operation else {
            let failure = VipsError.fromBuffer("\(name) failed")
            vips_object_unref_outputs(object)
            g_object_unref(created)
            throw failure
        }
        let built = UnsafeMutableRawPointer(operation).assumingMemoryBound(to: VipsObject.self)
        defer {
            vips_object_unref_outputs(built)
            g_object_unref(operation)
        }
        var result = Outputs()
        for key in outputs {
            result.values[key] = try get(key, from: built, operation: name)
        }
        return result
    }

    private static func spec(
        of key: String, on object: UnsafeMutablePointer<VipsObject>, operation: String
    ) throws(VipsError) -> UnsafeMutablePointer<GParamSpec> {
        var pspec: UnsafeMutablePointer<GParamSpec>?
        var argumentClass: UnsafeMutablePointer<VipsArgumentClass>?
        var argumentInstance: UnsafeMutablePointer<VipsArgumentInstance>?
        guard vips_object_get_argument(object, key, &pspec, &argumentClass, &argumentInstance) == 0, let pspec else {
            vips_error_clear()
            throw VipsError("\(operation) has no argument named \(key)")
        }
        return pspec
    }

    private static func set(
        _ key: String, to value: Argument, on object: UnsafeMutablePointer<VipsObject>, operation: String
    ) throws(VipsError) {
        let type = try spec(of: key, on: object, operation: operation).pointee.value_type
        var gvalue = GValue()
        defer { g_value_unset(&gvalue) }
        let fundamental = CShim_g_type_fundamental(type)
        switch value {
        case .image(let image):
            g_value_init(&gvalue, type)
            g_value_set_object(&gvalue, image.pointer)
        case .object(let box):
            g_value_init(&gvalue, type)
            g_value_set_object(&gvalue, box.pointer)
        case .images(let images):
            g_value_init(&gvalue, type)
            vips_value_set_array_image(&gvalue, Int32(images.count))
            let slots = vips_value_get_array_image(&gvalue, nil)
            for (index, image) in images.enumerated() {
                g_object_ref(image.pointer)
                slots?[index] = image.pointer
            }
        case .doubles(let numbers):
            g_value_init(&gvalue, type)
            if type == CShim_VIPS_TYPE_ARRAY_DOUBLE() {
                numbers.withUnsafeBufferPointer {
                    vips_value_set_array_double(&gvalue, $0.baseAddress, Int32($0.count))
                }
            } else if type == CShim_VIPS_TYPE_ARRAY_INT() {
                let ints = numbers.map { Int32($0.rounded()) }
                ints.withUnsafeBufferPointer { vips_value_set_array_int(&gvalue, $0.baseAddress, Int32($0.count)) }
            } else {
                throw VipsError("\(operation): argument \(key) does not take a list of numbers")
            }
        case .ints(let numbers):
            try set(key, to: .doubles(numbers.map(Double.init)), on: object, operation: operation)
            return
        case .string(let text):
            g_value_init(&gvalue, type)
            if fundamental == CShim_G_TYPE_ENUM() {
                let number = vips_enum_from_nick(operation, type, text)
                guard number >= 0 else { throw VipsError.fromBuffer("\(operation): \(text) is not a valid \(key)") }
                g_value_set_enum(&gvalue, number)
            } else if fundamental == CShim_G_TYPE_FLAGS() {
                let number = vips_flags_from_nick(operation, type, text)
                guard number >= 0 else { throw VipsError.fromBuffer("\(operation): \(text) is not a valid \(key)") }
                g_value_set_flags(&gvalue, UInt32(number))
            } else if type == CShim_G_TYPE_STRING() {
                g_value_set_string(&gvalue, text)
            } else {
                throw VipsError("\(operation): argument \(key) does not take text")
            }
        case .bool(let flag):
            g_value_init(&gvalue, type)
            guard type == CShim_G_TYPE_BOOLEAN() else {
                throw VipsError("\(operation): argument \(key) is not a boolean")
            }
            g_value_set_boolean(&gvalue, flag ? 1 : 0)
        case .int(let number):
            try setNumber(
                Double(number), type: type, fundamental: fundamental, into: &gvalue, key: key, operation: operation)
        case .double(let number):
            try setNumber(number, type: type, fundamental: fundamental, into: &gvalue, key: key, operation: operation)
        }
        g_object_set_property(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), key, &gvalue)
    }

    private static func setNumber(
        _ number: Double, type: GType, fundamental: GType, into gvalue: inout GValue, key: String, operation: String
    ) throws(VipsError) {
        g_value_init(&gvalue, type)
        switch fundamental {
        case CShim_G_TYPE_DOUBLE(): g_value_set_double(&gvalue, number)
        case CShim_G_TYPE_INT(): g_value_set_int(&gvalue, Int32(clamping: Int(number.rounded())))
        case CShim_G_TYPE_UINT64(): g_value_set_uint64(&gvalue, guint64(max(0, number.rounded())))  // rawload's offset
        case CShim_G_TYPE_BOOLEAN(): g_value_set_boolean(&gvalue, number != 0 ? 1 : 0)
        case CShim_G_TYPE_ENUM(): g_value_set_enum(&gvalue, Int32(number))
        case CShim_G_TYPE_FLAGS(): g_value_set_flags(&gvalue, UInt32(number))
        default:
            if type == CShim_VIPS_TYPE_ARRAY_DOUBLE() {
                var one = number
                vips_value_set_array_double(&gvalue, &one, 1)
            } else if type == CShim_VIPS_TYPE_ARRAY_INT() {
                var one = Int32(number)
                vips_value_set_array_int(&gvalue, &one, 1)
            } else {
                throw VipsError("\(operation): argument \(key) does not take a number")
            }
        }
    }

    private static func get(
        _ key: String, from object: UnsafeMutablePointer<VipsObject>, operation: String
    ) throws(VipsError) -> Any? {
        let type = try spec(of: key, on: object, operation: operation).pointee.value_type
        var gvalue = GValue()
        g_value_init(&gvalue, type)
        defer { g_value_unset(&gvalue) }
        g_object_get_property(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), key, &gvalue)
        let fundamental = CShim_g_type_fundamental(type)
        if type == CShim_VIPS_TYPE_IMAGE() {
            // get_property does not add a reference; dup does, and the Image takes it.
            guard let raw = g_value_dup_object(&gvalue) else { return nil }
            return Image(owning: raw.assumingMemoryBound(to: CVips.VipsImage.self))
        }
        if type == CShim_VIPS_TYPE_BLOB() {
            guard let blob = g_value_get_boxed(&gvalue) else { return nil }
            var length = 0
            guard let data = vips_blob_get(blob.assumingMemoryBound(to: VipsBlob.self), &length) else {
                return [UInt8]()
            }
            return Array(UnsafeRawBufferPointer(start: data, count: length).bindMemory(to: UInt8.self))
        }
        if type == CShim_VIPS_TYPE_ARRAY_DOUBLE() {
            var count: Int32 = 0
            guard let numbers = vips_value_get_array_double(&gvalue, &count) else { return [Double]() }
            return Array(UnsafeBufferPointer(start: numbers, count: Int(count)))
        }
        switch fundamental {
        case CShim_G_TYPE_DOUBLE(): return g_value_get_double(&gvalue)
        case CShim_G_TYPE_INT(): return Int(g_value_get_int(&gvalue))
        case CShim_G_TYPE_BOOLEAN(): return g_value_get_boolean(&gvalue) != 0
        default: return nil
        }
    }
}
