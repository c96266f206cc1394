import PhoneNumbers
import TestSupport
import Testing

/// libphonenumber through the C entry: numbers valid in their country's plan, found at their
/// character offsets; the number-like strings of screenshots that are no phone numbers left alone.
@Suite(.tags(.fast)) struct PhoneNumbersTests {
    @Test func findsInternationalAndNationalNumbers() {
        let text = "Call me at +44 20 7946 0958 today"
        #expect(PhoneNumbers.spans(in: text) == [11..<27])
        #expect(PhoneNumbers.spans(in: "(202) 555-0143") == [0..<14])
        #expect(PhoneNumbers.spans(in: "tél. 06 12 34 56 78") == [5..<19])  // character offsets past "é"
        #expect(PhoneNumbers.spans(in: "+31 20 123 4567", regions: ["DE"]) == [0..<15])
        // A national number counts only in a region whose plan it fits.
        #expect(PhoneNumbers.spans(in: "(202) 555-0143", regions: ["DE"]).isEmpty)
    }

    @Test func leavesNumberLikeStringsAlone() {
        for text in [
            "GB82 WEST 1234 5698 7654 33", "5105-1051-0510-5101", "DE89 3704 0044 0532 0130 01", "2024-03-15 10:42:07",
            "Total 1,900.00 EUR", "ISBN 978-3-16-148410-0", "VAT DE123456789",
            "id 550e8400-e29b-41d4-a716-446655440000", "xoxb-2046795183-4938576102-aB3dE5fG7hI9jK1l",
            "version 10.4.22 build 20240315", "4111 1111 1111 1112", "no digits here",
        ] {
            #expect(PhoneNumbers.spans(in: text).isEmpty, "\(text)")
        }
    }
}
