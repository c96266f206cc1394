import Poppler
import TestSupport
import Testing

@testable import PDFLayoutCommands

/// The libraries' errors name no command-line option; the command boundary adds the advice.
@Suite(.tags(.fast)) struct FailureMessageTests {
    @Test func encryptedAsksForThePassword() {
        #expect(Failures.message(PopplerError.encrypted).contains("--password"))
    }
}
