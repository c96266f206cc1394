import Frost
import TestSupport
import Testing

/// The fast route's shrink factor and Gaussian passes.
@Suite(.tags(.fast)) struct ShrinkPlanTests {
    @Test(arguments: [(57, 10), (39, 8), (113, 14), (75, 14), (19, 4), (13, 2), (225, 14)])
    func shrinkFactorIsAboutAFifthOfTheBox(width: Int, shrink: Int) throws {
        let plan = try #require(ShrinkPlan.forBox(BoxBlur(width: width)))
        #expect(plan.shrink == shrink)
        #expect(plan.shrink % ShrinkPlan.finalRepeat == 0)
        #expect(plan.bilinearFactor * ShrinkPlan.finalRepeat == plan.shrink)
    }

    @Test(arguments: [13, 19, 39, 57, 75, 113, 301])
    func totalVarianceMatchesThreeBoxes(width: Int) throws {
        let box = BoxBlur(width: width)
        let plan = try #require(ShrinkPlan.forBox(box))
        let k = Double(plan.shrink)
        let shrink = (k * k - 1) / 12, tent = k * k / 6, repeatBox = 3.0 / 12
        let gaussians = 3 * plan.passSigma * plan.passSigma * k * k
        #expect(abs(shrink + tent + repeatBox + gaussians - box.variance) < 1e-9)
        // Each small-image pass stays a real blur, not a sub-pixel nudge.
        #expect(plan.passSigma > 0.8)
    }

    @Test(arguments: [1, 3, 5, 7, 9, 11])
    func smallBoxesUseTheExactPasses(width: Int) {
        #expect(ShrinkPlan.forBox(BoxBlur(width: width)) == nil)
    }
}
