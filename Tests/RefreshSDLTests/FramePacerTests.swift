import RefreshSDL
import Testing

struct FramePacerTests {
  @Test func framesKeepToTheDisplayRate() {
    var pacer = FramePacer(refreshRate: 50, start: 0)
    #expect(pacer.isDue(at: 0))
    pacer.frameDrawn(at: 0)
    #expect(!pacer.isDue(at: 0.019))
    #expect(abs(pacer.timeUntilDue(at: 0.005) - 0.015) < 1e-12)
    #expect(pacer.isDue(at: 0.02))
    // A little late: the schedule absorbs it (the next frame is still due at 0.04).
    pacer.frameDrawn(at: 0.023)
    #expect(abs(pacer.nextFrame - 0.04) < 1e-12)
  }

  @Test func aLongStallDoesNotCauseABurst() {
    var pacer = FramePacer(refreshRate: 60, start: 0)
    pacer.frameDrawn(at: 0)
    pacer.frameDrawn(at: 1)
    #expect(!pacer.isDue(at: 1.01))
    #expect(pacer.isDue(at: 1 + 1 / 60.0))
  }

  @Test func nonsenseRatesFallBackToSixtyHertz() {
    #expect(FramePacer(refreshRate: 0).interval == 1 / 60.0)
    #expect(FramePacer(refreshRate: .nan).interval == 1 / 60.0)
  }
}
