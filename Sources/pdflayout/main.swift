import PDFLayoutCommands
import ToolRuntime

RuntimePolicy.pdflayout.apply()
PDFLayout.runAndExit(PDFLayout.arguments(Array(CommandLine.arguments.dropFirst())))
