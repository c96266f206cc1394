import CPhoneNumber

/// Google's libphonenumber, the matcher behind Android's and Presidio's phone recognisers: where a
/// text holds phone numbers valid under the numbering plan of their country (leniency VALID: a
/// length and prefix the plan assigns, not only a plausible count of digits).
public enum PhoneNumbers {
    /// The regions whose national numbers (no `+` and country code) are looked for by default;
    /// international numbers are found under any region.
    public static let defaultRegions = ["US", "GB", "DE", "FR", "NL", "ES", "IT", "IN", "CA", "AU"]

    /// The phone numbers in `text`, as character offsets, each once, in the order they start.
    /// A number written without a country code counts when it is valid in one of `regions`.
    public static func spans(in text: String, regions: [String] = defaultRegions) -> [Range<Int>] {
        let utf8 = Array(text.utf8)
        guard utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return [] }
        // Byte offsets to character offsets.
        var characterAt = [Int](repeating: 0, count: utf8.count + 1)
        var byte = 0, characters = 0
        for character in text {
            characterAt[byte] = characters
            byte += character.utf8.count
            characters += 1
        }
        characterAt[utf8.count] = characters
        var found = Set<Range<Int>>()
        for region in regions {
            var capacity: Int32 = 8
            while true {
                var starts = [Int32](repeating: 0, count: Int(capacity))
                var lengths = [Int32](repeating: 0, count: Int(capacity))
                let count = frost_phone_numbers_find(text, region, &starts, &lengths, capacity)
                if count > capacity {
                    capacity = count
                    continue
                }
                for index in 0..<Int(count) {
                    let start = Int(starts[index]), end = start + Int(lengths[index])
                    guard start >= 0, end <= utf8.count, start < end else { continue }
                    found.insert(characterAt[start]..<characterAt[end])
                }
                break
            }
        }
        return found.sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
    }
}
