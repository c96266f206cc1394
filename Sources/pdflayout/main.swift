import CommandSupport
import PDFLayoutCommands

PDFLayout.runAndExit()
