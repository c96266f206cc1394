import ImgToolCommands
import ToolRuntime

RuntimePolicy.imgtool.apply()
ImgTool.runAndExit()
