// KDA: the literal reference vs a float64 transcription of spec 2.3 step 6;
// the fused kernel vs the reference at Kimi-Linear's shape (H=32, D=128,
// T=64) <= 1e-6 abs, every ISA, bitwise over thread counts; both decay gates,
// beta and the L2 normalisation vs their formulas.
#include "support/testregistry.h"
#include "kernels/cpufeatures.h"
#include "kernels/kda.h"

#include <QTest>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace sluice::kernels;

namespace {

struct Sequence {
    int H, D, T;
    std::vector<float> q, k, v, g, beta; // [T][H*D] (beta [T][H])
};

Sequence makeSequence(int H, int D, int T, bool k3Gate, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    Sequence s{H, D, T, {}, {}, {}, {}, {}};
    const size_t C = size_t(H) * D;
    s.q.resize(T * C);
    s.k.resize(T * C);
    s.v.resize(T * C);
    s.g.resize(T * C);
    s.beta.resize(size_t(T) * H);
    std::vector<float> aLog(H), z(C), b(H);
    for (auto &a : aLog)
        a = 0.5f * normal(rng);
    for (int t = 0; t < T; ++t) {
        float *q = &s.q[t * C], *k = &s.k[t * C], *v = &s.v[t * C];
        for (size_t i = 0; i < C; ++i) {
            q[i] = normal(rng);
            k[i] = normal(rng);
            v[i] = normal(rng);
            z[i] = 2.0f * normal(rng);
        }
        for (auto &x : b)
            x = normal(rng);
        l2NormalizeHeads(q, H, D, 1.0f / std::sqrt(float(D)));
        l2NormalizeHeads(k, H, D);
        if (k3Gate)
            kdaDecayBounded(z.data(), aLog.data(), -5.0f, H, D, &s.g[t * C]);
        else
            kdaDecayKimiLinear(z.data(), aLog.data(), H, D, &s.g[t * C]);
        kdaBeta(b.data(), H, &s.beta[size_t(t) * H]);
    }
    return s;
}

} // namespace

class TestKda : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cleanup() { setActiveIsa(detectedIsa()); }

    // Reference vs float64 on a small shape (the spec's T=24 H=4 K=V=32 check).
    void referenceMatchesFloat64()
    {
        const int H = 4, D = 32, T = 24;
        const Sequence s = makeSequence(H, D, T, false, 1);
        const size_t C = size_t(H) * D;
        std::vector<float> S(size_t(H) * D * D, 0.0f), out(C);
        std::vector<double> Sd(size_t(H) * D * D, 0.0), u(D);
        double worstOut = 0, worstState = 0;
        for (int t = 0; t < T; ++t) {
            kdaStepReference(S.data(), &s.q[t * C], &s.k[t * C], &s.v[t * C], &s.g[t * C], &s.beta[size_t(t) * H], H, D,
                             out.data());
            for (int n = 0; n < H; ++n) {
                double *Sn = &Sd[size_t(n) * D * D];
                const float *q = &s.q[t * C + n * D], *k = &s.k[t * C + n * D], *v = &s.v[t * C + n * D],
                            *g = &s.g[t * C + n * D];
                const double beta = s.beta[size_t(t) * H + n];
                for (int i = 0; i < D; ++i)
                    for (int j = 0; j < D; ++j)
                        Sn[i * D + j] *= std::exp(double(g[i]));
                for (int j = 0; j < D; ++j) {
                    u[j] = 0;
                    for (int i = 0; i < D; ++i)
                        u[j] += Sn[i * D + j] * k[i];
                }
                for (int i = 0; i < D; ++i)
                    for (int j = 0; j < D; ++j)
                        Sn[i * D + j] += double(k[i]) * beta * (v[j] - u[j]);
                for (int j = 0; j < D; ++j) {
                    double o = 0;
                    for (int i = 0; i < D; ++i)
                        o += Sn[i * D + j] * q[i];
                    worstOut = std::max(worstOut, std::fabs(o - out[n * D + j]));
                }
            }
        }
        for (size_t i = 0; i < S.size(); ++i)
            worstState = std::max(worstState, std::fabs(S[i] - Sd[i]));
        qInfo("reference vs float64: max |out| error %.3g, max |state| error %.3g", worstOut, worstState);
        QVERIFY2(worstOut <= 1e-6, qPrintable(QString::number(worstOut)));
        QVERIFY2(worstState <= 1e-6, qPrintable(QString::number(worstState)));
    }

    void kernelMatchesReference_data()
    {
        QTest::addColumn<bool>("k3Gate");
        QTest::newRow("Kimi-Linear gate") << false;
        QTest::newRow("K3 bounded gate") << true;
    }
    void kernelMatchesReference()
    {
        QFETCH(bool, k3Gate);
        const int H = 32, D = 128, T = 64;
        const Sequence s = makeSequence(H, D, T, k3Gate, 2);
        const size_t C = size_t(H) * D, stateSize = size_t(H) * D * D;
        std::vector<float> Sref(stateSize, 0.0f), outRef(T * C);
        for (int t = 0; t < T; ++t)
            kdaStepReference(Sref.data(), &s.q[t * C], &s.k[t * C], &s.v[t * C], &s.g[t * C], &s.beta[size_t(t) * H],
                             H, D, &outRef[t * C]);
        for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512, Isa::Neon}) {
            if (setActiveIsa(isa) != isa)
                continue;
            std::vector<float> first;
            // Thread-count invariance on the default path only (keeps the test lean under ASan).
            const std::vector<int> threadCounts = isa == detectedIsa() ? std::vector<int>{1, 3} : std::vector<int>{2};
            for (int threads : threadCounts) {
                ThreadPool pool(threads);
                std::vector<float> S(stateSize, 0.0f), out(T * C);
                for (int t = 0; t < T; ++t)
                    kdaStep(S.data(), &s.q[t * C], &s.k[t * C], &s.v[t * C], &s.g[t * C], &s.beta[size_t(t) * H], H, D,
                            &out[t * C], &pool);
                double worstOut = 0, worstState = 0;
                for (size_t i = 0; i < out.size(); ++i)
                    worstOut = std::max(worstOut, double(std::fabs(out[i] - outRef[i])));
                for (size_t i = 0; i < stateSize; ++i)
                    worstState = std::max(worstState, double(std::fabs(S[i] - Sref[i])));
                qInfo("%s, %d thread(s): max |out - ref| %.3g, max |state - ref| %.3g", isaName(isa), threads, worstOut,
                      worstState);
                QVERIFY2(worstOut <= 1e-6, qPrintable(QString("%1: out %2").arg(isaName(isa)).arg(worstOut)));
                QVERIFY2(worstState <= 1e-6, qPrintable(QString("%1: state %2").arg(isaName(isa)).arg(worstState)));
                out.insert(out.end(), S.begin(), S.end());
                if (first.empty())
                    first = out;
                else
                    QVERIFY2(std::memcmp(first.data(), out.data(), out.size() * 4) == 0, "thread count changed bits");
            }
        }
    }

    void decayGatesIndexAlogPerHead()
    {
        const int H = 3, D = 4;
        const float aLog[3] = {-1.0f, 0.3f, 1.2f};
        std::vector<float> z(H * D), gk(H * D), gl(H * D);
        for (int i = 0; i < H * D; ++i)
            z[i] = -30.0f + 5.5f * float(i); // crosses the softplus threshold (z > 20)
        kdaDecayBounded(z.data(), aLog, -5.0f, H, D, gk.data());
        kdaDecayKimiLinear(z.data(), aLog, H, D, gl.data());
        for (int n = 0; n < H; ++n)
            for (int i = 0; i < D; ++i) {
                const double zz = z[n * D + i], a = std::exp(double(aLog[n]));
                const double bounded = -5.0 / (1.0 + std::exp(-a * zz));
                const double sp = zz > 20 ? zz : std::log1p(std::exp(zz));
                QVERIFY(std::fabs(gk[n * D + i] - bounded) <= 1e-6 * (1 + std::fabs(bounded)));
                QVERIFY(std::fabs(gl[n * D + i] + a * sp) <= 1e-6 * (1 + a * sp));
                QVERIFY(gk[n * D + i] >= -5.0f && gk[n * D + i] <= 0.0f); // open interval, closed in f32
            }
        float b[2] = {0.0f, 2.0f}, beta[2];
        kdaBeta(b, 2, beta);
        QCOMPARE(beta[0], 0.5f);
        QVERIFY(std::fabs(beta[1] - 1.0 / (1.0 + std::exp(-2.0))) < 1e-7);
    }

    void l2NormalisationGivesScaledUnitHeads()
    {
        std::vector<float> x = {3, 4, 0, 0, 1, 1, 1, 1};
        l2NormalizeHeads(x.data(), 2, 4, 0.5f);
        QVERIFY(std::fabs(x[0] - 0.3f) < 1e-7 && std::fabs(x[1] - 0.4f) < 1e-7);
        QVERIFY(std::fabs(x[4] - 0.25f) < 1e-7);
        std::vector<float> zero(4, 0.0f);
        l2NormalizeHeads(zero.data(), 1, 4); // eps keeps a zero head finite
        QCOMPARE(zero[0], 0.0f);
    }
};

SLUICE_TEST_APPLESS_MAIN(TestKda)
#include "tst_kda.moc"
