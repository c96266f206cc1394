import PDFLayoutCommands
import ToolRuntime

RuntimePolicy.pdflayout.apply()
PDFLayout.runAndExit()
